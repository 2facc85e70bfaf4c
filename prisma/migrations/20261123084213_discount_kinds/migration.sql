-- CreateEnum
CREATE TYPE "DiscountKind" AS ENUM ('code', 'time_bonus', 'welcome');

-- AlterTable
ALTER TABLE "discount_codes" ADD COLUMN     "kind" "DiscountKind" NOT NULL DEFAULT 'code',
ADD COLUMN     "signup_window_seconds" INTEGER;

-- CreateIndex
CREATE INDEX "discount_codes_kind_idx" ON "discount_codes"("kind");

-- The time bonus of spec section 4 and the welcome discount (ADR 012): every site, 25 percent,
-- once per member, applied without typing to members who have not paid yet, within 4 hours
-- (time bonus) or 7 days (welcome) after signup. Operators change them here, per site by adding
-- a row with the same code and a site_key (a site's own row wins over the shared one).
INSERT INTO "discount_codes" ("code", "site_key", "value_percentage", "status", "validity", "payment_methods", "kind", "signup_window_seconds")
SELECT 'TIMEBONUS25', NULL, 25, 'active', 'once_per_user', '{}', 'time_bonus', 14400
WHERE NOT EXISTS (SELECT 1 FROM "discount_codes" WHERE "code" = 'TIMEBONUS25' AND "site_key" IS NULL);
INSERT INTO "discount_codes" ("code", "site_key", "value_percentage", "status", "validity", "payment_methods", "kind", "signup_window_seconds")
SELECT 'WELCOME25', NULL, 25, 'active', 'once_per_user', '{}', 'welcome', 604800
WHERE NOT EXISTS (SELECT 1 FROM "discount_codes" WHERE "code" = 'WELCOME25' AND "site_key" IS NULL);
