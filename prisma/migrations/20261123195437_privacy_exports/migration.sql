-- CreateEnum
CREATE TYPE "DataExportStatus" AS ENUM ('pending', 'ready', 'failed');

-- CreateTable
CREATE TABLE "data_exports" (
    "id" SERIAL NOT NULL,
    "user_id" INTEGER NOT NULL,
    "site_key" TEXT NOT NULL,
    "status" "DataExportStatus" NOT NULL DEFAULT 'pending',
    "pending_for" INTEGER,
    "staff_id" INTEGER,
    "file" TEXT,
    "size_bytes" INTEGER,
    "token_hash" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ready_at" TIMESTAMP(3),
    "expires_at" TIMESTAMP(3),

    CONSTRAINT "data_exports_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "data_exports_pending_for_key" ON "data_exports"("pending_for");

-- CreateIndex
CREATE UNIQUE INDEX "data_exports_token_hash_key" ON "data_exports"("token_hash");

-- CreateIndex
CREATE INDEX "data_exports_user_id_created_at_idx" ON "data_exports"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "data_exports_expires_at_idx" ON "data_exports"("expires_at");

-- AddForeignKey
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
