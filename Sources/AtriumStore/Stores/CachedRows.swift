/// The rows each instance keeps in memory for a moment because nearly every request reads
/// them: who a caller is (their employee row, account and session), a location's time zone,
/// a person's settings, the company and the leave types.
///
/// On PostgreSQL a change to those tables, made by any instance, notifies `channel` when it
/// commits (triggers of migration 23), so the other instances drop what they kept at once
/// rather than when it lapses.
public enum CachedRows {
  /// Named in migration 23's trigger function as well.
  public static let channel = "atrium_cached_rows"
}
