-- DropIndex
DROP INDEX "profiles_network_status_invisible_gender_country_last_activ_idx";

-- CreateIndex
CREATE INDEX "profiles_network_status_invisible_gender_country_last_activ_idx" ON "profiles"("network", "status", "invisible", "gender", "country", "last_active_at" DESC, "date_of_birth", "site_key");
