-- AlterTable
ALTER TABLE "photos" ADD COLUMN     "reject_reason" TEXT,
ADD COLUMN     "reviewed_at" TIMESTAMP(3),
ADD COLUMN     "reviewed_by" INTEGER;

-- CreateIndex
CREATE INDEX "photos_reviewed_at_id_idx" ON "photos"("reviewed_at", "id");

-- AddForeignKey
ALTER TABLE "photos" ADD CONSTRAINT "photos_reviewed_by_fkey" FOREIGN KEY ("reviewed_by") REFERENCES "staff_accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;
