-- AlterTable
ALTER TABLE "trackings" ADD COLUMN     "bounce_logging" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "bounces" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "token" TEXT;

-- CreateIndex
CREATE UNIQUE INDEX "trackings_token_key" ON "trackings"("token");

-- CreateIndex
CREATE INDEX "trackings_site_key_created_at_idx" ON "trackings"("site_key", "created_at");
