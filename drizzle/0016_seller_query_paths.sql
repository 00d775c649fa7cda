ALTER TABLE "orders" ADD COLUMN "shop_id" integer;--> statement-breakpoint
ALTER TABLE "seller_earnings" ADD COLUMN "held_seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_shop_idx" ON "orders" USING btree ("shop_id","id" DESC NULLS FIRST) WHERE "orders"."kind" = 'rental';--> statement-breakpoint
-- Hand-written (keep when regenerating): every order of a listing carries the listing's shop,
-- whoever inserts it (services, seeds, tests), and the orders before this migration get theirs.
CREATE FUNCTION orders_set_shop_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.listing_id IS NOT NULL THEN
    SELECT shop_id INTO NEW.shop_id FROM listings WHERE id = NEW.listing_id;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER orders_set_shop_id BEFORE INSERT OR UPDATE OF listing_id ON "orders" FOR EACH ROW EXECUTE FUNCTION orders_set_shop_id();--> statement-breakpoint
UPDATE "orders" o SET "shop_id" = l."shop_id" FROM "listings" l WHERE l."id" = o."listing_id" AND o."shop_id" IS NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_check" CHECK ("listing_id" IS NULL OR "shop_id" IS NOT NULL);
--> statement-breakpoint
-- Hand-written: the held time of every earnings row written before this migration.
UPDATE "seller_earnings" e SET "held_seconds" = greatest(0, extract(epoch from (least(o."ends_at", coalesce(o."cancelled_at", o."ends_at")) - o."starts_at")))::int
FROM "orders" o WHERE o."id" = e."order_id";
