-- CreateTable
CREATE TABLE "mail_outbox" (
    "id" TEXT NOT NULL,
    "queue" TEXT NOT NULL,
    "site_key" TEXT NOT NULL,
    "message" JSONB,
    "request_id" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "due_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "handed_over_at" TIMESTAMP(3),

    CONSTRAINT "mail_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "mail_outbox_queue_handed_over_at_due_at_idx" ON "mail_outbox"("queue", "handed_over_at", "due_at");

-- CreateIndex
CREATE INDEX "mail_outbox_handed_over_at_idx" ON "mail_outbox"("handed_over_at");
