import AtriumHTTP
import AtriumServer
import AtriumTestSupport
import Testing

/// An interval longer than the dispatcher's second spreads the heartbeats over slices of the
/// open streams (one slice a second), so the network threads never resume every parked
/// stream at once; every stream still hears one each interval, whatever its slice.
@Suite(.serialized) struct EventHeartbeatTests {
  @Test func everyStreamHearsAHeartbeatEachIntervalInItsOwnSlice() throws {
    // Three slices of a second each.
    let app = try TestApp(eventHeartbeat: .seconds(3))
    let server = try app.startedServer()
    defer { server.stop() }
    let eva = try app.login("eva")
    let streams = try (0..<6).map { _ in try EventStreamReader(port: server.port, token: eva.accessToken, timeout: 10) }
    #expect(waitUntil { app.app.openEventStreams == 6 })
    for (index, stream) in streams.enumerated() {
      // Two in a row: the second comes an interval after the first, not never.
      for heartbeat in 1...2 {
        let event = try stream.next()
        #expect(event.name == "comment", "stream \(index), heartbeat \(heartbeat): \(event)")
      }
    }
  }
}
