-- CreateTable
CREATE TABLE "direct_debit_blocks" (
    "user_id" INTEGER NOT NULL,
    "reason" TEXT NOT NULL DEFAULT '',
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "direct_debit_blocks_pkey" PRIMARY KEY ("user_id")
);

-- CreateTable
CREATE TABLE "direct_debit_codes" (
    "id" SERIAL NOT NULL,
    "token" TEXT NOT NULL,
    "user_id" INTEGER NOT NULL,
    "site_key" TEXT NOT NULL,
    "package_id" INTEGER NOT NULL,
    "discount_code" TEXT,
    "code_hash" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "expires_at" TIMESTAMP(3) NOT NULL,
    "used_at" TIMESTAMP(3),
    "account_holder" TEXT NOT NULL,
    "iban_cipher" TEXT,
    "iban_masked" TEXT NOT NULL,
    "street" TEXT NOT NULL,
    "house_number" TEXT NOT NULL,
    "zip" TEXT NOT NULL,
    "city" TEXT NOT NULL,
    "phone" TEXT NOT NULL,
    "created_at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "direct_debit_codes_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "direct_debit_codes_token_key" ON "direct_debit_codes"("token");

-- CreateIndex
CREATE INDEX "direct_debit_codes_user_id_created_at_idx" ON "direct_debit_codes"("user_id", "created_at");

-- AddForeignKey
ALTER TABLE "direct_debit_blocks" ADD CONSTRAINT "direct_debit_blocks_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "direct_debit_codes" ADD CONSTRAINT "direct_debit_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
