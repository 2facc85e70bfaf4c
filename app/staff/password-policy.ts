// Staff passwords: longer than members' (12 to 128 characters).
import { z } from "zod";

export const staffPassword = z.string().min(12).max(128);
export const staffEmail = z.string().trim().toLowerCase().email().max(254);
