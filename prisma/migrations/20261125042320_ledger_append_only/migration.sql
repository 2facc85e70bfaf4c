-- DropForeignKey
ALTER TABLE "credit_ledger" DROP CONSTRAINT "credit_ledger_user_id_fkey";

-- AddForeignKey
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A balance never goes below zero, neither the cached one nor any the ledger recorded.
-- (CHECK constraints are written here by hand: schema.prisma cannot describe them.)
ALTER TABLE "users" ADD CONSTRAINT "users_credits_not_negative" CHECK ("credits" >= 0);
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_balance_after_not_negative" CHECK ("balance_after" >= 0);

-- The ledger is append-only: a row can be added, never changed or removed (a correction is a
-- new entry). A member's rows outlive the account: erasure anonymises the user row, which stays.
-- (The function body is an E'' string with \073 for its semicolons: the offline migration runner
-- splits scripts at every semicolon, dollar quotes included.)
CREATE FUNCTION "credit_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN RAISE EXCEPTION ''credit_ledger is append-only: % refused'', TG_OP USING ERRCODE = ''insufficient_privilege''\073 END'
;

CREATE TRIGGER "credit_ledger_no_update_delete" BEFORE UPDATE OR DELETE ON "credit_ledger"
  FOR EACH ROW EXECUTE FUNCTION "credit_ledger_append_only"();
CREATE TRIGGER "credit_ledger_no_truncate" BEFORE TRUNCATE ON "credit_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION "credit_ledger_append_only"();
