-- DropForeignKey
ALTER TABLE "messages" DROP CONSTRAINT "messages_photo_id_fkey";

-- DropIndex
DROP INDEX "messages_conversation_id_created_at_idx";

-- AlterTable: the pair and the newest message, filled in for conversations that exist already
-- (signup's message-or-create wrote some: one per new member, so no pair occurs twice)
ALTER TABLE "conversations" ADD COLUMN     "high_profile_id" INTEGER,
ADD COLUMN     "last_message_id" INTEGER,
ADD COLUMN     "low_profile_id" INTEGER;
UPDATE "conversations" AS c SET "low_profile_id" = p.lo, "high_profile_id" = p.hi
FROM (SELECT "conversation_id", min("profile_id") AS lo, max("profile_id") AS hi FROM "conversation_participants" GROUP BY "conversation_id") AS p
WHERE p."conversation_id" = c."id";
DELETE FROM "conversations" WHERE "low_profile_id" IS NULL OR "low_profile_id" = "high_profile_id";
UPDATE "conversations" AS c SET "last_message_id" = (
  SELECT m."id" FROM "messages" AS m WHERE m."conversation_id" = c."id" ORDER BY m."created_at" DESC, m."id" DESC LIMIT 1);
ALTER TABLE "conversations" ALTER COLUMN "high_profile_id" SET NOT NULL,
ALTER COLUMN "low_profile_id" SET NOT NULL;

-- AlterTable
ALTER TABLE "messages" DROP COLUMN "photo_id",
ADD COLUMN     "image_id" INTEGER;

-- CreateTable
CREATE TABLE "chat_images" (
    "id" SERIAL NOT NULL,
    "conversation_id" INTEGER NOT NULL,
    "uploader_id" INTEGER NOT NULL,
    "filename" TEXT NOT NULL,
    "thumb_filename" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "chat_images_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "chat_images_conversation_id_idx" ON "chat_images"("conversation_id");

-- CreateIndex
CREATE UNIQUE INDEX "conversations_last_message_id_key" ON "conversations"("last_message_id");

-- CreateIndex
CREATE INDEX "conversations_started_by_id_idx" ON "conversations"("started_by_id");

-- CreateIndex
CREATE UNIQUE INDEX "conversations_low_profile_id_high_profile_id_key" ON "conversations"("low_profile_id", "high_profile_id");

-- CreateIndex
CREATE INDEX "messages_conversation_id_created_at_id_idx" ON "messages"("conversation_id", "created_at", "id");

-- AddForeignKey
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_last_message_id_fkey" FOREIGN KEY ("last_message_id") REFERENCES "messages"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "chat_images" ADD CONSTRAINT "chat_images_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "messages" ADD CONSTRAINT "messages_image_id_fkey" FOREIGN KEY ("image_id") REFERENCES "chat_images"("id") ON DELETE SET NULL ON UPDATE CASCADE;
