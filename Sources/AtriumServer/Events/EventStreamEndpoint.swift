import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb
import Foundation

extension AtriumApp {
  /// `GET /api/v1/events`: authenticates like any route, then answers with a stream that the
  /// live-event hub writes to. Errors before the stream opens are ordinary problem responses.
  func openEventStream(_ request: HTTPRequest) -> HTTPOutcome {
    do {
      let principal = try authenticate(request, unsafe: false)
      if principal.mustChangePassword { throw Problem.passwordChangeRequired }
      let lastEventID = try Self.lastEventID(in: request)
      var headers = HTTPHeaders([
        ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
        // Tells nginx not to buffer the stream.
        ("X-Accel-Buffering", "no"),
      ])
      SecurityHeaders.apply(to: &headers, overTLS: webSessions.isSecure(request))
      let stream = HTTPStream(headers: headers)
      // How long a browser waits before reconnecting after the stream drops.
      stream.write(Array("retry: 3000\n\n".utf8))
      let employee = principal.employee
      try liveEvents.subscribe(
        stream,
        listener: EventListener(
          employeeID: employee.id, departmentID: employee.departmentID, locationID: employee.locationID,
          role: employee.role),
        lastEventID: lastEventID, expiresAt: principal.expiresAt)
      return .stream(stream)
    } catch {
      return .response(render(error, requestID: request.requestID, language: readerLanguage(request, nil)))
    }
  }

  /// The id a reconnecting client last received (`Last-Event-ID`, which EventSource sends).
  private static func lastEventID(in request: HTTPRequest) throws -> Int64? {
    guard let text = request.headers["Last-Event-ID"]?.trimmingWhitespace, !text.isEmpty else { return nil }
    guard let id = Int64(text), id >= 0 else {
      throw Problem(status: 400, .lastEventIDUnknown)
    }
    return id
  }
}
