-- CreateTable
CREATE TABLE "reconciliation_issues" (
    "id" SERIAL NOT NULL,
    "key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "payment_id" INTEGER,
    "refund_id" INTEGER,
    "provider_reference" TEXT,
    "detail" TEXT NOT NULL,
    "first_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolved_at" TIMESTAMP(3),

    CONSTRAINT "reconciliation_issues_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "reconciliation_issues_key_key" ON "reconciliation_issues"("key");

-- CreateIndex
CREATE INDEX "reconciliation_issues_resolved_at_last_seen_at_idx" ON "reconciliation_issues"("resolved_at", "last_seen_at");
