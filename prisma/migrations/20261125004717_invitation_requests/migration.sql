-- CreateTable
CREATE TABLE "invitation_requests" (
    "id" SERIAL NOT NULL,
    "site_key" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "invited_at" TIMESTAMP(3),

    CONSTRAINT "invitation_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "invitation_requests_site_key_invited_at_created_at_idx" ON "invitation_requests"("site_key", "invited_at", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "invitation_requests_site_key_email_key" ON "invitation_requests"("site_key", "email");

-- AddForeignKey
ALTER TABLE "invitation_requests" ADD CONSTRAINT "invitation_requests_site_key_fkey" FOREIGN KEY ("site_key") REFERENCES "sites"("key") ON DELETE RESTRICT ON UPDATE CASCADE;
