-- Published content announces its changes on the channel personal_changes as 'c:' (docs/decisions/
-- 073-post-lists-kept.md): a post published, unpublished, deleted or edited while published, and a
-- company renamed or moved to another industry. Every app process then forgets the post lists and
-- question searches it kept, and its page cache, whichever process or script made the change.
-- Useful votes and drafts announce nothing here. NOTIFY is heard at commit, once per transaction.
CREATE FUNCTION notify_content_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('personal_changes', 'c:');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER posts_content_insert AFTER INSERT ON posts
  FOR EACH ROW WHEN (NEW.status = 'published') EXECUTE FUNCTION notify_content_change();
--> statement-breakpoint
CREATE TRIGGER posts_content_update
  AFTER UPDATE OF status, type, company_id, recruit_service_id, title, sections, attributes, revision, published_at ON posts
  FOR EACH ROW WHEN (OLD.status = 'published' OR NEW.status = 'published') EXECUTE FUNCTION notify_content_change();
--> statement-breakpoint
CREATE TRIGGER posts_content_delete AFTER DELETE ON posts
  FOR EACH ROW WHEN (OLD.status = 'published') EXECUTE FUNCTION notify_content_change();
--> statement-breakpoint
CREATE TRIGGER companies_content_update AFTER UPDATE OF name, industry_id ON companies
  FOR EACH STATEMENT EXECUTE FUNCTION notify_content_change();
