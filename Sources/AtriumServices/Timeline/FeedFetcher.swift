import AtriumMessages
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Downloads a feed with a deadline and a size limit, sending the validators of the last
/// answer (ETag, Last-Modified) so that an unchanged feed costs a 304. FoundationNetworking has
/// no `bytes(for:)` on Linux, so the body arrives through a data delegate, which cancels the
/// transfer as soon as it outgrows the limit instead of reading it all first.
public struct FeedFetcher: Sendable {
  public init(timeout: TimeInterval = 20) {
    self.timeout = timeout
  }

  /// The whole exchange must end within this many seconds.
  package var timeout: TimeInterval = 20
  /// Bodies larger than this are refused.
  package var sizeLimit = 2 << 20
  /// Where feeds may be fetched from, checked before the fetch and for every redirect.
  package var policy = FeedAddressPolicy()

  public enum Outcome: Sendable {
    case notModified
    case fetched(body: [UInt8], etag: String?, lastModified: String?)
  }

  /// Why a fetch failed; its English words are what logs show.
  public struct Failure: Error, CustomStringConvertible {
    public let trouble: FeedTrouble
    public var description: String { trouble.text(in: .en) }
  }

  public func fetch(_ address: String, etag: String?, lastModified: String?) throws -> Outcome {
    guard let url = URL(string: address) else { throw Failure(trouble: .notAURL) }
    if let refusal = policy.refusal(for: url) { throw Failure(trouble: refusal) }
    var request = URLRequest(url: url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
    request.setValue(
      "application/rss+xml, application/atom+xml, application/xml;q=0.9, */*;q=0.5", forHTTPHeaderField: "Accept")
    request.setValue("Atrium feed reader", forHTTPHeaderField: "User-Agent")
    if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
    if let lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }

    let download = Download(limit: sizeLimit, policy: policy)
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    configuration.urlCache = nil
    let session = URLSession(configuration: configuration, delegate: download, delegateQueue: nil)
    defer { session.invalidateAndCancel() }
    session.dataTask(with: request).resume()
    guard download.finished.wait(timeout: .now() + timeout + 5) == .success else {
      throw Failure(trouble: .unreachable)
    }
    let result = download.state.withLock { $0 }
    if let refusal = result.redirectRefusal { throw Failure(trouble: .redirect(refusal)) }
    if result.tooLarge {
      throw Failure(trouble: .tooLarge(mebibytes: sizeLimit / 1_048_576))
    }
    if let error = result.error {
      throw Failure(trouble: Self.trouble(error))
    }
    guard let response = result.response else { throw Failure(trouble: .noAnswer) }
    switch response.statusCode {
    case 304:
      return .notModified
    case 200..<300:
      return .fetched(
        body: result.body, etag: response.value(forHTTPHeaderField: "ETag"),
        lastModified: response.value(forHTTPHeaderField: "Last-Modified"))
    default:
      throw Failure(trouble: .httpStatus(response.statusCode))
    }
  }

  /// Every way a server can fail to answer is one trouble, so the errors an admin sees do not
  /// tell an open port from a closed one or a silent host.
  private static func trouble(_ error: any Error) -> FeedTrouble {
    let code = (error as? URLError)?.code
    switch code {
    case .timedOut?, .cannotConnectToHost?, .networkConnectionLost?, .cannotFindHost?, .dnsLookupFailed?:
      return .unreachable
    case .notConnectedToInternet?: return .noNetwork
    case .serverCertificateUntrusted?, .secureConnectionFailed?, .serverCertificateHasBadDate?:
      return .untrustedCertificate
    default: return .downloadFailed
    }
  }

  /// Collects one response; `finished` is signalled once, when the task ends either way.
  private final class Download: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    package struct State {
      package var response: HTTPURLResponse?
      package var body: [UInt8] = []
      package var error: (any Error)?
      package var tooLarge = false
      /// Why a redirect was not followed: its target is not allowed.
      package var redirectRefusal: FeedTrouble?
    }

    package let limit: Int
    package let policy: FeedAddressPolicy
    package let state = Mutex(State())
    package let finished = DispatchSemaphore(value: 0)

    package init(limit: Int, policy: FeedAddressPolicy) {
      self.limit = limit
      self.policy = policy
    }

    package func urlSession(
      _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
      newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
      let refusal: FeedTrouble? = request.url.map(policy.refusal(for:)) ?? .noHost
      if let refusal { state.withLock { $0.redirectRefusal = refusal } }
      completionHandler(refusal == nil ? request : nil)
    }

    package func urlSession(
      _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
      completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
    ) {
      let http = response as? HTTPURLResponse
      let declared = http?.expectedContentLength ?? -1
      let refuse = declared > Int64(limit)
      state.withLock {
        $0.response = http
        $0.tooLarge = refuse
      }
      completionHandler(refuse ? .cancel : .allow)
    }

    package func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
      let overflow = state.withLock { state -> Bool in
        guard !state.tooLarge else { return true }
        guard state.body.count + data.count <= limit else {
          state.tooLarge = true
          state.body = []
          return true
        }
        state.body += data
        return false
      }
      if overflow { dataTask.cancel() }
    }

    package func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
      state.withLock { state in
        if !state.tooLarge { state.error = error }
      }
      finished.signal()
    }
  }
}
