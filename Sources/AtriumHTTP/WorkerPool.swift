import AtriumHTTPTypes
import Foundation

/// A fixed set of threads for work that may block, with a bounded queue: when the queue is
/// full, `submit` refuses at once instead of letting waits pile up without limit.
final class WorkerPool: @unchecked Sendable {
  private let condition = NSCondition()
  private var queue: [@Sendable () -> Void] = []
  private var isStopping = false
  private var running = 0
  private let capacity: Int
  private var threads: [Thread] = []

  init(threadCount: Int, capacity: Int, name: String = "worker") {
    self.capacity = capacity
    for index in 0..<max(1, threadCount) {
      // Each thread keeps the pool alive until `stop` lets it end.
      // Named by the thread itself: Linux applies no other way, and keeps at most 15 bytes.
      let thread = Thread {
        Thread.current.name = "\(name)-\(index)"
        self.run()
      }
      threads.append(thread)
      thread.start()
    }
    running = threads.count
  }

  /// Queues `job`; returns false when the queue is full or the pool is stopping.
  func submit(_ job: @escaping @Sendable () -> Void) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard !isStopping, queue.count < capacity else { return false }
    queue.append(job)
    condition.signal()
    return true
  }

  /// Runs every queued job, then ends the threads and waits for them.
  func stop() {
    condition.lock()
    isStopping = true
    condition.broadcast()
    while running > 0 { condition.wait() }
    condition.unlock()
  }

  private func run() {
    while true {
      condition.lock()
      while queue.isEmpty && !isStopping { condition.wait() }
      if queue.isEmpty {
        running -= 1
        condition.broadcast()
        condition.unlock()
        return
      }
      let job = queue.removeFirst()
      condition.unlock()
      job()
    }
  }
}
