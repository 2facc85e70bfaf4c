-- CreateTable
CREATE TABLE "notification_sends" (
    "key" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "type" "NotificationType" NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "notification_sends_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "notification_sends_user_id_created_at_idx" ON "notification_sends"("user_id", "created_at");

-- AddForeignKey
ALTER TABLE "notification_sends" ADD CONSTRAINT "notification_sends_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
