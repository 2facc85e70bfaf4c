-- CreateTable
CREATE TABLE "mail_deliveries" (
    "message_id" TEXT NOT NULL,
    "delivered_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "mail_deliveries_pkey" PRIMARY KEY ("message_id")
);

-- CreateIndex
CREATE INDEX "mail_deliveries_delivered_at_idx" ON "mail_deliveries"("delivered_at");

-- CreateIndex
CREATE INDEX "sessions_expires_at_idx" ON "sessions"("expires_at");

-- CreateIndex
CREATE INDEX "login_attempts_created_at_idx" ON "login_attempts"("created_at");
