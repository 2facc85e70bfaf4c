-- AlterTable
ALTER TABLE "credit_packages" ADD COLUMN     "best_value" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "payments" ADD COLUMN     "checkout_url" TEXT,
ADD COLUMN     "list_price_cents" INTEGER,
ADD COLUMN     "mandate_reference" TEXT,
ADD COLUMN     "provider" TEXT NOT NULL DEFAULT 'test',
ADD COLUMN     "recurring" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "refund_reference" TEXT,
ADD COLUMN     "refunded_at" TIMESTAMP(3),
ADD COLUMN     "refunded_cents" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "refunded_credits" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "test_provider_payments" (
    "reference" TEXT NOT NULL,
    "site_key" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "method" "PaymentMethod" NOT NULL,
    "description" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'open',
    "redirect_url" TEXT NOT NULL,
    "webhook_url" TEXT NOT NULL,
    "mandate" TEXT,
    "refunded_cents" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "test_provider_payments_pkey" PRIMARY KEY ("reference")
);

-- CreateIndex
CREATE INDEX "credit_packages_site_key_country_active_idx" ON "credit_packages"("site_key", "country", "active");
