-- AlterEnum


ALTER TYPE "LikeSource" ADD VALUE 'search';
ALTER TYPE "LikeSource" ADD VALUE 'likes';
ALTER TYPE "LikeSource" ADD VALUE 'match_finder';

-- CreateTable
CREATE TABLE "swipes" (
    "profile_id" INTEGER NOT NULL,
    "target_id" INTEGER NOT NULL,
    "liked" BOOLEAN NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "swipes_pkey" PRIMARY KEY ("profile_id","target_id")
);

-- CreateIndex
CREATE INDEX "swipes_profile_id_at_idx" ON "swipes"("profile_id", "at");

-- CreateIndex
CREATE INDEX "swipes_target_id_idx" ON "swipes"("target_id");

-- AddForeignKey
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "swipes" ADD CONSTRAINT "swipes_target_id_fkey" FOREIGN KEY ("target_id") REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE;
