import AtriumServices
import AtriumStore
import Dispatch
import Foundation
import Synchronization

/// Work the server does by itself on a schedule (housekeeping, directory sync, feed fetching;
/// later outbox senders, check-in expiry): a value each, listed at the composition root
/// (`AtriumApp.backgroundJobs`) and started and stopped together by `BackgroundJobs`.
public struct BackgroundJob: Sendable {
  public let name: String
  /// Seconds after start before the first run.
  public let firstRunAfter: TimeInterval
  /// Seconds between the starts of two runs.
  public let interval: TimeInterval
  /// Whether every instance runs it (work it shares out itself, such as the outbox senders'
  /// claims on rows), instead of one instance at a time.
  public let onEveryInstance: Bool
  public let run: @Sendable () -> Void

  public init(
    name: String, firstRunAfter: TimeInterval, interval: TimeInterval, onEveryInstance: Bool = false,
    run: @escaping @Sendable () -> Void
  ) {
    self.name = name
    self.firstRunAfter = firstRunAfter
    self.interval = interval
    self.onEveryInstance = onEveryInstance
    self.run = run
  }
}

/// Runs every job on its schedule, each on a utility queue of its own so a slow job (a feed
/// that takes its whole timeout) never delays another; `stop` cancels them all.
public final class BackgroundJobs: Sendable {
  public let jobs: [BackgroundJob]
  /// Whether this instance runs a job now (`AtriumApp.claim`): instances sharing a database
  /// run each job once between them.
  private let claim: @Sendable (BackgroundJob) -> Bool
  private let timers = Mutex<[(timer: any DispatchSourceTimer, queue: DispatchQueue)]>([])

  public init(_ jobs: [BackgroundJob], claim: @escaping @Sendable (BackgroundJob) -> Bool = { _ in true }) {
    self.jobs = jobs
    self.claim = claim
  }

  public func start() {
    timers.withLock { timers in
      guard timers.isEmpty else { return }
      for job in jobs {
        let queue = DispatchQueue(label: "atrium.job.\(job.name)", qos: .utility)
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + job.firstRunAfter, repeating: job.interval)
        timer.setEventHandler { [claim] in if job.onEveryInstance || claim(job) { job.run() } }
        timer.resume()
        timers.append((timer, queue))
      }
    }
  }

  /// Cancels every job and waits for a run in progress to finish: after `stop`, no job runs.
  public func stop() {
    let running = timers.withLock { timers in
      defer { timers = [] }
      return timers
    }
    for (timer, _) in running { timer.cancel() }
    for (_, queue) in running { queue.sync {} }
  }

  deinit {
    // Cancel only: waiting here could wait on the very queue that dropped the last reference.
    for (timer, _) in timers.withLock({ $0 }) { timer.cancel() }
  }
}

extension AtriumApp {
  /// The jobs `atrium serve` runs. A new section that needs work on a schedule adds its job here.
  /// - Parameter report: Where a job's line for the operator goes (standard output).
  public func backgroundJobs(report: @escaping @Sendable (String) -> Void) -> [BackgroundJob] {
    [
      // Expired sessions, idempotency keys, old live events, check-ins past 30 days and unused
      // photo files; the directory search's keys in name order again once many changed.
      BackgroundJob(name: "housekeeping", firstRunAfter: 60, interval: 3600) { [self] in runHousekeeping() },
      // The current settings say when a sync is due (an admin may change them while the server runs).
      BackgroundJob(name: "directory-sync", firstRunAfter: 10, interval: 60) { [self] in
        if let result = syncDirectoryIfDue() { report(DirectorySyncText.line(result)) }
      },
      // Each feed at most once per `feedInterval`; a new feed is read within a minute.
      BackgroundJob(name: "feeds", firstRunAfter: 5, interval: 60) { [self] in refreshFeeds() },
    ] + mailJobs + pushJobs + sensorJobs
  }

  /// The broker's jobs, and on every instance the sensors' new values to its open pages.
  private var sensorJobs: [BackgroundJob] {
    guard let sensorBroker else { return [] }
    return sensorBroker.jobs + [
      BackgroundJob(name: "sensor-values", firstRunAfter: 1, interval: 1, onEveryInstance: true) { [self] in
        do {
          try sensorLiveValues.dispatch()
        } catch {
          environment.log.write(ErrorLogEntry(requestId: "job-sensor-values", error: String(describing: error)).line)
        }
      }
    ]
  }

  /// The push sender, when push is on: every instance sends, each row claimed by one of them.
  private var pushJobs: [BackgroundJob] {
    guard let push = environment.push else { return [] }
    let sender: PushSender
    do {
      sender = try PushSender(environment: environment, push: push, holder: instanceID)
    } catch {
      environment.log.write(ErrorLogEntry(requestId: "job-push", error: String(describing: error)).line)
      return []
    }
    return [
      BackgroundJob(name: "push", firstRunAfter: 1, interval: 2, onEveryInstance: true) { [environment] in
        do {
          try sender.sendDue()
        } catch {
          environment.log.write(ErrorLogEntry(requestId: "job-push", error: String(describing: error)).line)
        }
      }
    ]
  }

  /// The mail sender, when mail is on: every instance sends, each row claimed by one of them.
  /// And the daily digests, by one instance at a time: each minute queues those whose 08:00 came.
  private var mailJobs: [BackgroundJob] {
    guard let mail = environment.mail else { return [] }
    let sender = MailSender(environment: environment, mail: mail, holder: instanceID)
    let digests = DigestSender(environment: environment, mail: mail)
    return [
      BackgroundJob(name: "digest", firstRunAfter: 3, interval: 60) { [environment] in
        do {
          try digests.queueDue()
        } catch {
          environment.log.write(ErrorLogEntry(requestId: "job-digest", error: String(describing: error)).line)
        }
      },
      BackgroundJob(name: "mail", firstRunAfter: 1, interval: 2, onEveryInstance: true) { [environment] in
        do {
          try sender.sendDue()
        } catch {
          environment.log.write(ErrorLogEntry(requestId: "job-mail", error: String(describing: error)).line)
        }
      },
    ]
  }

  /// Whether this instance should run `job` now: it claims the job for two of its intervals
  /// when no other instance holds it (or that instance's claim lapsed, as when it was lost),
  /// and renews its own claim on each run.
  public func claim(_ job: BackgroundJob) -> Bool {
    let now = environment.now().milliseconds
    do {
      return try environment.database.write { connection in
        try JobClaimStore(connection).claim(
          job.name, holder: instanceID, until: now + Int64(job.interval * 2_000), now: now)
      }
    } catch {
      environment.log.write(ErrorLogEntry(requestId: "job-\(job.name)", error: String(describing: error)).line)
      return false
    }
  }
}
