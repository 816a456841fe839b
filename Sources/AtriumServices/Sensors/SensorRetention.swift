import AtriumSQL
import AtriumStore

/// The sensors' retention job: deletes raw readings older than 48 hours and minute buckets
/// older than 90 days, a batch per write so that other writes come between, until none is
/// left or `batches` batches were run (the rest goes at the next run, a minute later).
///
/// One batch of 5,000 a minute, as the job ran first, deleted at most 83 values a second:
/// any fleet sending more (500 sensors sending four values every 10 s send 200) piled raw
/// readings up without end. With 200 batches a run the job keeps up with 16,000 values a
/// second, and when it has fallen behind (after a stop) it catches up without holding the
/// writer for more than a batch at a time.
public enum SensorRetention {
  /// - Parameters:
  ///   - now: The instant the ages are counted from, in milliseconds.
  ///   - batch: Rows deleted per table and write.
  ///   - batches: Writes at most in this run.
  /// - Returns: How many rows went.
  @discardableResult
  public static func run(on database: any Database, now: Int64, batch: Int = 5_000, batches: Int = 200) throws -> Int {
    var deleted = 0
    for _ in 0..<batches {
      let rows = try database.write { try SensorReadingStore($0).purge(now: now, limit: batch) }
      deleted += rows
      if rows == 0 { break }
    }
    return deleted
  }
}
