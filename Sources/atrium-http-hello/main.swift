import AtriumHTTP
import AtriumHTTPTypes
import Foundation

/// `atrium-http-hello`: the HTTP engine alone (`AtriumHTTP` on libmicrohttpd, with its access
/// log, request ids and limits) answering every request with a fixed JSON body and no work.
/// `make bench` and `make bench-cost` measure it in the same run as Atrium: it is the ceiling
/// that `/healthz` is compared with, so that what routing, headers and the application add
/// above the engine shows as a figure.
///
/// Usage: `atrium-http-hello [--port N] [--threads N]` (loopback only; SIGINT or SIGTERM stops it).
struct Hello: HTTPResponder {
  static let body = Array(#"{"status":"ok"}"#.utf8)

  func bodyLimit(method: String, path: String) -> Int { 0 }

  func respond(to request: HTTPRequest) -> HTTPOutcome {
    .response(HTTPResponse(status: 200, contentType: "application/json", body: Self.body))
  }

  func engineError(_ refusal: EngineRefusal, requestID: String, acceptLanguage: String?) -> HTTPResponse {
    HTTPResponse(
      status: refusal.status, contentType: "text/plain; charset=utf-8", body: Array(refusal.description.utf8))
  }
}

var configuration = HTTPServer.Configuration(port: 0)
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
  guard let value = arguments.popFirst().flatMap(Int.init), flag == "--port" || flag == "--threads" else {
    FileHandle.standardError.write(Data("usage: atrium-http-hello [--port N] [--threads N]\n".utf8))
    exit(2)
  }
  if flag == "--port" { configuration.port = value } else { configuration.threadCount = value }
}
let server = HTTPServer(configuration: configuration, responder: Hello())
do {
  try server.start()
} catch {
  FileHandle.standardError.write(Data("atrium-http-hello: \(error)\n".utf8))
  exit(1)
}
print("listening on http://127.0.0.1:\(server.port)")
fflush(nil)

StopSignal.wait()
server.stop(gracePeriod: .seconds(5))
