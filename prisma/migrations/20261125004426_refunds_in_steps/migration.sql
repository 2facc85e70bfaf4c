-- CreateEnum
CREATE TYPE "RefundStatus" AS ENUM ('requested', 'provider_confirmed', 'booked', 'failed');

-- AlterEnum
ALTER TYPE "LedgerReason" ADD VALUE 'refund_reversed';

-- CreateTable
CREATE TABLE "refunds" (
    "id" SERIAL NOT NULL,
    "payment_id" INTEGER NOT NULL,
    "user_id" INTEGER NOT NULL,
    "site_key" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "credits" INTEGER NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "status" "RefundStatus" NOT NULL DEFAULT 'requested',
    "idempotency_key" TEXT NOT NULL,
    "provider_reference" TEXT,
    "failure" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "refunds_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "test_provider_refunds" (
    "reference" TEXT NOT NULL,
    "payment_reference" TEXT NOT NULL,
    "amount_cents" INTEGER NOT NULL,
    "currency" TEXT NOT NULL,
    "idempotency_key" TEXT NOT NULL,
    "refund_id" INTEGER,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "test_provider_refunds_pkey" PRIMARY KEY ("reference")
);

-- CreateIndex
CREATE UNIQUE INDEX "refunds_idempotency_key_key" ON "refunds"("idempotency_key");

-- CreateIndex
CREATE INDEX "refunds_payment_id_idx" ON "refunds"("payment_id");

-- CreateIndex
CREATE INDEX "refunds_status_updated_at_idx" ON "refunds"("status", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "test_provider_refunds_idempotency_key_key" ON "test_provider_refunds"("idempotency_key");

-- CreateIndex
CREATE INDEX "test_provider_refunds_payment_reference_idx" ON "test_provider_refunds"("payment_reference");

-- CreateIndex
CREATE INDEX "test_provider_refunds_created_at_idx" ON "test_provider_refunds"("created_at");

-- AddForeignKey
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "test_provider_refunds" ADD CONSTRAINT "test_provider_refunds_payment_reference_fkey" FOREIGN KEY ("payment_reference") REFERENCES "test_provider_payments"("reference") ON DELETE RESTRICT ON UPDATE CASCADE;
