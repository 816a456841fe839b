import AtriumPostgres
import AtriumSQL
import Foundation
import Synchronization

extension PostgresDatabase: DatabaseNotifications {
  public func listen(on channel: String, _ changed: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
    let stopped = Atomic<Bool>(false)
    let url = connectionURL
    let thread = Thread {
      // Named by the thread itself: Linux applies no other way, and keeps at most 15 bytes.
      Thread.current.name = "pg-listen"
      let listener = PostgresListener(url: url, channel: channel)
      while !stopped.load(ordering: .relaxed) {
        do {
          if try listener.wait(milliseconds: 500) { changed() }
        } catch {
          // The server is away: the instance's own polling carries on; try again shortly.
          Thread.sleep(forTimeInterval: 1)
        }
      }
    }
    thread.start()
    return { stopped.store(true, ordering: .relaxed) }
  }
}
