-- CreateEnum
CREATE TYPE "StaffRole" AS ENUM ('support', 'admin');

-- CreateTable
CREATE TABLE "staff_accounts" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "totp_secret" TEXT NOT NULL,
    "totp_last_step" INTEGER NOT NULL DEFAULT 0,
    "role" "StaffRole" NOT NULL DEFAULT 'support',
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "failed_logins" INTEGER NOT NULL DEFAULT 0,
    "locked_until" TIMESTAMP(3),
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_accounts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_sessions" (
    "id" TEXT NOT NULL,
    "staff_id" INTEGER NOT NULL,
    "last_seen_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "ip" TEXT,
    "user_agent" TEXT,

    CONSTRAINT "staff_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "staff_audit_log" (
    "id" SERIAL NOT NULL,
    "staff_id" INTEGER NOT NULL,
    "staff_email" TEXT NOT NULL,
    "action" TEXT NOT NULL,
    "site_key" TEXT,
    "user_id" INTEGER,
    "reason" TEXT,
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "staff_audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "staff_accounts_email_key" ON "staff_accounts"("email");

-- CreateIndex
CREATE INDEX "staff_sessions_staff_id_idx" ON "staff_sessions"("staff_id");

-- CreateIndex
CREATE INDEX "staff_audit_log_created_at_idx" ON "staff_audit_log"("created_at");

-- CreateIndex
CREATE INDEX "staff_audit_log_user_id_created_at_idx" ON "staff_audit_log"("user_id", "created_at");

-- CreateIndex
CREATE INDEX "users_email_idx" ON "users"("email");

-- AddForeignKey
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_fkey" FOREIGN KEY ("staff_id") REFERENCES "staff_accounts"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The audit log is append-only: rows can be added, never changed or removed.
-- (The function body is an E'' string with \073 for its semicolons: the offline migration runner
-- splits scripts at every semicolon, dollar quotes included.)
CREATE FUNCTION "staff_audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN RAISE EXCEPTION ''staff_audit_log is append-only: % refused'', TG_OP USING ERRCODE = ''insufficient_privilege''\073 END'
;

CREATE TRIGGER "staff_audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "staff_audit_log"
  FOR EACH ROW EXECUTE FUNCTION "staff_audit_log_append_only"();
CREATE TRIGGER "staff_audit_log_no_truncate" BEFORE TRUNCATE ON "staff_audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "staff_audit_log_append_only"();
