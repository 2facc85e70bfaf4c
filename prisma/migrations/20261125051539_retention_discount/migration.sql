-- AlterEnum
ALTER TYPE "DiscountKind" ADD VALUE 'retention';
