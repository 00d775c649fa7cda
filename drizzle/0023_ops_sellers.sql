ALTER TABLE "listings" DROP CONSTRAINT "listings_is_listed_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "maintenance_notice" varchar(200);--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "review_from_rental_fen" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "hold_reason" varchar(200);--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "review_listings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_review_queue_idx" ON "listings" USING btree ("updated_at","id") WHERE "listings"."review_status" = 'pending';--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_hold_check" CHECK (("listings"."held_at" is null) = ("listings"."hold_reason" is null));--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_is_listed_check" CHECK ("listings"."is_listed" = ("listings"."seller_state" = 'on_shelf' and "listings"."review_status" = 'approved' and "listings"."held_at" is null));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK (notification_type in ('order_paid', 'rental_starting', 'rental_ending', 'rental_ended', 'order_refund', 'deposit_returned', 'complaint_answered', 'complaint_decided', 'withdrawal_paid', 'withdrawal_refused', 'red_packet', 'vip_expiring', 'broadcast', 'seller_certification', 'seller_listing'));