-- CreateEnum
CREATE TYPE "CampaignKind" AS ENUM ('news', 'promotions');

-- CreateEnum
CREATE TYPE "CampaignStatus" AS ENUM ('draft', 'scheduled', 'sending', 'sent', 'cancelled');

-- CreateEnum
CREATE TYPE "CampaignDeliveryStatus" AS ENUM ('pending', 'queued', 'sent', 'delivered', 'bounced', 'unsubscribed', 'skipped');

-- AlterEnum
ALTER TYPE "StaffRole" ADD VALUE 'marketing';

-- CreateTable
CREATE TABLE "campaigns" (
    "id" SERIAL NOT NULL,
    "site_key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" "CampaignKind" NOT NULL,
    "countries" TEXT[],
    "genders" "Gender"[],
    "paid_user" BOOLEAN,
    "versions" JSONB NOT NULL,
    "scheduled_at" TIMESTAMP(3),
    "status" "CampaignStatus" NOT NULL DEFAULT 'draft',
    "started_at" TIMESTAMP(3),
    "finished_at" TIMESTAMP(3),
    "created_by" INTEGER NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_deliveries" (
    "id" SERIAL NOT NULL,
    "campaign_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "status" "CampaignDeliveryStatus" NOT NULL DEFAULT 'pending',
    "locale" TEXT,
    "reason" TEXT,
    "not_before" TIMESTAMP(3),
    "sent_at" TIMESTAMP(3),
    "updated_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "campaigns_status_scheduled_at_idx" ON "campaigns"("status", "scheduled_at");

-- CreateIndex
CREATE INDEX "campaigns_site_key_created_at_idx" ON "campaigns"("site_key", "created_at");

-- CreateIndex
CREATE INDEX "campaign_deliveries_campaign_id_status_not_before_idx" ON "campaign_deliveries"("campaign_id", "status", "not_before");

-- CreateIndex
CREATE INDEX "campaign_deliveries_user_id_idx" ON "campaign_deliveries"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "campaign_deliveries_campaign_id_user_id_key" ON "campaign_deliveries"("campaign_id", "user_id");

-- AddForeignKey
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_site_key_fkey" FOREIGN KEY ("site_key") REFERENCES "sites"("key") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_deliveries" ADD CONSTRAINT "campaign_deliveries_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_deliveries" ADD CONSTRAINT "campaign_deliveries_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
