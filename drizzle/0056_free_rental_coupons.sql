ALTER TABLE "red_packet_templates" DROP CONSTRAINT "red_packet_templates_type_check";--> statement-breakpoint
ALTER TABLE "red_packet_templates" DROP CONSTRAINT "red_packet_templates_shape_check";--> statement-breakpoint
ALTER TABLE "red_packets" DROP CONSTRAINT "red_packets_type_check";--> statement-breakpoint
ALTER TABLE "red_packets" DROP CONSTRAINT "red_packets_shape_check";--> statement-breakpoint
ALTER TABLE "red_packet_templates" ADD COLUMN "free_hours" smallint;--> statement-breakpoint
ALTER TABLE "red_packets" ADD COLUMN "free_hours" smallint;--> statement-breakpoint
ALTER TABLE "red_packet_templates" ADD CONSTRAINT "red_packet_templates_type_check" CHECK ("red_packet_templates"."type" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "red_packet_templates" ADD CONSTRAINT "red_packet_templates_shape_check" CHECK (("red_packet_templates"."type" = 1 and "red_packet_templates"."discount_percentage" between 1 and 99 and "red_packet_templates"."free_hours" is null) or ("red_packet_templates"."type" = 2 and "red_packet_templates"."discount_amount_fen" > 0 and "red_packet_templates"."free_hours" is null) or ("red_packet_templates"."type" = 3 and "red_packet_templates"."free_hours" between 1 and 24));--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_type_check" CHECK ("red_packets"."type" in (1, 2, 3));--> statement-breakpoint
ALTER TABLE "red_packets" ADD CONSTRAINT "red_packets_shape_check" CHECK (("red_packets"."type" = 1 and "red_packets"."discount_percentage" between 1 and 99 and "red_packets"."free_hours" is null) or ("red_packets"."type" = 2 and "red_packets"."discount_amount_fen" > 0 and "red_packets"."free_hours" is null) or ("red_packets"."type" = 3 and "red_packets"."free_hours" between 1 and 24));