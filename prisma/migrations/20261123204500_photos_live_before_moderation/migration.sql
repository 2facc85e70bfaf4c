-- Photos that were live before photo moderation existed (20261123170136_photo_review) were seen by
-- members already: they count as reviewed (by nobody) instead of filling the staff photo queue.
UPDATE "photos" SET "reviewed_at" = "created_at"
WHERE "reviewed_at" IS NULL AND "status" = 'active'
  AND "created_at" < (SELECT "finished_at" FROM "_prisma_migrations" WHERE "migration_name" = '20261123170136_photo_review');
