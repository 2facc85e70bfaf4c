-- AlterTable
ALTER TABLE "users" ADD COLUMN     "push_off" "NotificationType"[];
