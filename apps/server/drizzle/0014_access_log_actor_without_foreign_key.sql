ALTER TABLE "access_log" DROP CONSTRAINT "access_log_actor_user_id_users_id_fk";
