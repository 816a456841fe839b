import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A URLProtocol that answers every request with what the test set for its host: a status and
/// body, or a transport error. Suites run in parallel, so each uses its own host; the state is
/// shared across the URL loading system's threads, in a Mutex.
final class StubProtocol: URLProtocol {
  enum Answer: Sendable {
    case response(status: Int, body: Data, headers: [String: String])
    case failure(URLError.Code)
  }

  static let answers = Mutex<[String: Answer]>([:])
  static let seen = Mutex<[URLRequest]>([])

  static func answer(
    _ status: Int, _ body: String = "", headers: [String: String] = [:], host: String = "atrium.example"
  ) {
    answers.withLock { $0[host] = .response(status: status, body: Data(body.utf8), headers: headers) }
  }

  static func fail(_ code: URLError.Code, host: String = "atrium.example") {
    answers.withLock { $0[host] = .failure(code) }
  }

  static var configuration: URLSessionConfiguration {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [StubProtocol.self]
    return configuration
  }

  override class func canInit(with request: URLRequest) -> Bool { true }
  override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

  override func startLoading() {
    Self.seen.withLock { $0.append(request) }
    guard let answer = Self.answers.withLock({ $0[request.url?.host ?? ""] }) else {
      client?.urlProtocol(self, didFailWithError: URLError(.unknown))
      return
    }
    switch answer {
    case .failure(let code):
      client?.urlProtocol(self, didFailWithError: URLError(code))
    case .response(let status, let body, let headers):
      let response = HTTPURLResponse(
        url: request.url!, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)!
      client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
      client?.urlProtocol(self, didLoad: body)
      client?.urlProtocolDidFinishLoading(self)
    }
  }

  override func stopLoading() {}
}
