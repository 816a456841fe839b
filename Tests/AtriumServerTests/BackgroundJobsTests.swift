import AtriumServer
import AtriumTestSupport
import Foundation
import Synchronization
import Testing

@Suite(.checksBalanceRows) struct BackgroundJobsTests {
  @Test func jobsRunOnTheirScheduleUntilStopped() {
    let runs = Mutex([String: Int]())
    let jobs = BackgroundJobs([
      BackgroundJob(name: "often", firstRunAfter: 0, interval: 0.05) { runs.withLock { $0["often", default: 0] += 1 } },
      BackgroundJob(name: "later", firstRunAfter: 3600, interval: 3600) {
        runs.withLock { $0["later", default: 0] += 1 }
      },
    ])
    jobs.start()
    #expect(waitUntil { runs.withLock { $0["often", default: 0] } >= 3 })
    jobs.stop()
    let afterStop = runs.withLock { $0["often", default: 0] }
    Thread.sleep(forTimeInterval: 0.3)
    #expect(runs.withLock { $0["often", default: 0] } == afterStop, "no run starts after stop")
    #expect(runs.withLock { $0["later"] } == nil, "a job waits for its first run")
  }

  @Test func instancesSharingADatabaseRunEachJobOnceAndTakeOverALostOnesJobs() throws {
    let first = try TestApp()
    // A second instance: another app on the same database.
    let second = try AtriumApp(environment: first.environment)
    let job = BackgroundJob(name: "housekeeping", firstRunAfter: 0, interval: 3600) {}
    #expect(first.app.claim(job))
    #expect(!second.claim(job), "held by the first instance")
    #expect(first.app.claim(job), "the holder renews its claim")
    // The first instance is lost: after two intervals without a renewal, the second takes over.
    first.clock.advance(by: 2 * 3600 + 1)
    #expect(second.claim(job))
    #expect(!first.app.claim(job))
    // Jobs are claimed one by one.
    #expect(first.app.claim(BackgroundJob(name: "feeds", firstRunAfter: 0, interval: 60) {}))
  }

  @Test func theServerListsItsJobs() throws {
    let app = try TestApp()
    #expect(app.app.backgroundJobs { _ in }.map(\.name) == ["housekeeping", "directory-sync", "feeds"])
  }
}
