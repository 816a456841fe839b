import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Reads a long response piece by piece through `URLSessionDataDelegate`: Linux's
/// FoundationNetworking has no `bytes(for:)`. One URLSession per stream, since a session's
/// delegate is fixed when it is made; it is invalidated when the stream ends.
final class StreamingDelegate: NSObject, URLSessionDataDelegate, Sendable {
  /// Waiting for the status line; taken by whichever comes first, the response or a failure.
  private let opened = Mutex<CheckedContinuation<Result<TransportStream, TransportError>, Never>?>(nil)
  private let pieces: AsyncThrowingStream<Data, any Error>
  private let piecesContinuation: AsyncThrowingStream<Data, any Error>.Continuation

  override init() {
    (pieces, piecesContinuation) = AsyncThrowingStream.makeStream(of: Data.self, bufferingPolicy: .unbounded)
    super.init()
  }

  static func open(
    _ request: URLRequest, configuration: URLSessionConfiguration
  ) async throws(TransportError) -> TransportStream {
    let delegate = StreamingDelegate()
    let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
    let task = session.dataTask(with: request)
    delegate.piecesContinuation.onTermination = { _ in
      task.cancel()
      session.invalidateAndCancel()
    }
    let result = await withCheckedContinuation { continuation in
      delegate.opened.withLock { $0 = continuation }
      task.resume()
    }
    return try result.get()
  }

  func urlSession(
    _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void
  ) {
    guard let http = response as? HTTPURLResponse else {
      resumeOpened(.failure(.failed("the answer was not HTTP")))
      completionHandler(.cancel)
      return
    }
    let continuation = piecesContinuation
    let stream = TransportStream(
      status: http.statusCode, headers: URLSessionTransport.headers(of: http), chunks: pieces,
      cancel: { continuation.finish() })
    resumeOpened(.success(stream))
    completionHandler(.allow)
  }

  func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
    piecesContinuation.yield(data)
  }

  func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
    if let error {
      resumeOpened(.failure(URLSessionTransport.map(error)))
      piecesContinuation.finish(throwing: URLSessionTransport.map(error))
    } else {
      resumeOpened(.failure(.failed("the server closed the connection before answering")))
      piecesContinuation.finish()
    }
    session.finishTasksAndInvalidate()
  }

  /// The first of response and failure wins; the other finds nothing to resume.
  private func resumeOpened(_ result: Result<TransportStream, TransportError>) {
    let continuation = opened.withLock { opened in
      defer { opened = nil }
      return opened
    }
    continuation?.resume(returning: result)
  }
}
