-- The new-user activity's lottery prizes (issue 16; docs/decisions.md "Invitations and activities").
-- Stock is what is left; 谢谢参与 is unlimited (stock null). Operators change these rows later.
INSERT INTO "lottery_prizes" ("activity", "name", "coins", "stock", "weight", "sort_order") VALUES
  ('newuser_ranking', '1000金币', 1000, 5, 2, 1),
  ('newuser_ranking', '200金币', 200, 50, 10, 2),
  ('newuser_ranking', '50金币', 50, 500, 38, 3),
  ('newuser_ranking', '谢谢参与', 0, NULL, 50, 4);
