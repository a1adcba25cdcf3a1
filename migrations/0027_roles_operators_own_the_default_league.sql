-- ADR 47: users.is_admin is now the deployment's operator flag, and roles are per league.
-- Every admin of today becomes an owner of the default league (id 1, migration 0024) — but a
-- league has at most one owner, so the oldest admin owns it and the others are its admins.
-- granted_by stays null: no one granted these, the migration made them.
INSERT INTO memberships (league_id, user_id, role)
SELECT 1, id, CASE WHEN id = (SELECT min(id) FROM users WHERE is_admin = 1) THEN 'owner' ELSE 'admin' END
FROM users WHERE is_admin = 1
ON CONFLICT (league_id, user_id) DO NOTHING;
