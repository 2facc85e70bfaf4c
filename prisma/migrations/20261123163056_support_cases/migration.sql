-- CreateTable
CREATE TABLE "support_cases" (
    "id" SERIAL NOT NULL,
    "site_key" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "reporter_user_id" INTEGER,
    "profile_id" INTEGER,
    "conversation_id" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'new',
    "assigned_staff_id" INTEGER,
    "outcome" TEXT,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "closed_at" TIMESTAMP(3),
    "request_key" TEXT,

    CONSTRAINT "support_cases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "support_case_notes" (
    "id" SERIAL NOT NULL,
    "case_id" INTEGER NOT NULL,
    "staff_id" INTEGER NOT NULL,
    "staff_email" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "support_case_notes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "support_cases_request_key_key" ON "support_cases"("request_key");

-- CreateIndex
CREATE INDEX "support_cases_status_created_at_idx" ON "support_cases"("status", "created_at");

-- CreateIndex
CREATE INDEX "support_cases_reporter_user_id_idx" ON "support_cases"("reporter_user_id");

-- CreateIndex
CREATE INDEX "support_cases_profile_id_idx" ON "support_cases"("profile_id");

-- CreateIndex
CREATE INDEX "support_case_notes_case_id_idx" ON "support_case_notes"("case_id");

-- AddForeignKey
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_reporter_user_id_fkey" FOREIGN KEY ("reporter_user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_profile_id_fkey" FOREIGN KEY ("profile_id") REFERENCES "profiles"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_conversation_id_fkey" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "support_cases" ADD CONSTRAINT "support_cases_assigned_staff_id_fkey" FOREIGN KEY ("assigned_staff_id") REFERENCES "staff_accounts"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "support_case_notes" ADD CONSTRAINT "support_case_notes_case_id_fkey" FOREIGN KEY ("case_id") REFERENCES "support_cases"("id") ON DELETE CASCADE ON UPDATE CASCADE;
