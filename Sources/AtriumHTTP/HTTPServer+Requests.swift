import AtriumHTTPTypes
import CMicroHTTPD
import Foundation

// MARK: - MHD callbacks
//
// C function pointers cannot capture context: each callback gets the server through `cls`
// and the request's `RequestContext` through `con_cls`.

/// Called for each new connection: once `stop` has begun, the connection is closed at once, so
/// that only the requests already in flight finish; past the limit and its overflow (those are
/// answered 503), it is closed at once too. libmicrohttpd's own limit is per thread here
/// (`HTTPServer.start`), so this is the count of all of them.
let acceptPolicy: MHD_AcceptPolicyCallback = { cls, _, _ in
  let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
  let limit = server.configuration.connectionsAnswered
  return server.isStopping || server.openConnections.load(ordering: .relaxed) >= limit ? .NO : .YES
}

/// Called when a connection opens and when it closes: counts them, and marks those opened past
/// the limit, whose requests are answered 503 (`HTTPServer.handle`).
let connectionNotified: MHD_NotifyConnectionCallback = { cls, _, socketContext, code in
  let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
  if code == .CONNECTION_NOTIFY_STARTED {
    let open = server.openConnections.add(1, ordering: .relaxed).newValue
    // Any non-nil context marks it: it is only ever compared with nil.
    if open > server.configuration.connectionLimit { socketContext?.pointee = UnsafeMutableRawPointer(bitPattern: 1) }
  } else {
    server.openConnections.subtract(1, ordering: .relaxed)
  }
}

/// Called once per request after its request line: creates the request's context.
let requestStarted: atrium_mhd_uri_log_callback = { cls, uri, _ in
  let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
  server.inFlight.add(1, ordering: .relaxed)
  let context = RequestContext(target: uri.map { String(cString: $0) } ?? "/")
  return Unmanaged.passRetained(context).toOpaque()
}

/// Called once per request at its end, sent or not: writes the access-log line and frees the
/// context.
let requestCompleted: MHD_RequestCompletedCallback = { cls, _, contextPointer, termination in
  let server = Unmanaged<HTTPServer>.fromOpaque(cls!).takeUnretainedValue()
  guard let raw = contextPointer?.pointee else { return }
  contextPointer?.pointee = nil
  let context = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
  server.inFlight.subtract(1, ordering: .releasing)
  let elapsed = ContinuousClock.now - context.startedAt
  let milliseconds =
    Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  let entry = AccessLogEntry(
    method: context.method, path: server.responder.loggedPath(context.path), status: context.status,
    durationMs: (milliseconds * 1000).rounded() / 1000, requestId: context.requestID,
    error: termination == .REQUEST_TERMINATED_COMPLETED_OK ? nil : "connection ended early")
  server.configuration.log.write(entry.line)
}

/// Called for the headers, then for each body chunk, then once at the end (and again after a
/// resume).
let accessHandler: MHD_AccessHandlerCallback = {
  cls, connection, _, method, _, uploadData, uploadSize, contextPointer in
  guard let cls, let connection, let contextPointer, let raw = contextPointer.pointee,
    let uploadSize
  else { return .NO }
  let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
  let context = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()
  return server.handle(
    connection: connection, context: context, method: method, uploadData: uploadData,
    uploadSize: uploadSize)
}

extension HTTPServer {
  /// One call of MHD's access handler: headers first, then body chunks, then the end.
  fileprivate func handle(
    connection: OpaquePointer, context: RequestContext, method: UnsafePointer<CChar>?,
    uploadData: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>
  ) -> MHD_Result {
    if context.isRejected {
      uploadSize.pointee = 0
      return .YES
    }
    if !context.headersSeen {
      context.headersSeen = true
      context.method = method.map { String(cString: $0) } ?? ""
      if atrium_mhd_socket_context(connection) != nil {
        return refuse(
          .tooManyConnections(limit: configuration.connectionLimit), connection: connection, context: context)
      }
      context.bodyLimit = responder.bodyLimit(method: context.method, path: context.path)
      let length = MHD_lookup_connection_value(connection, .HEADER_KIND, "Content-Length").map { String(cString: $0) }
      if let coding = MHD_lookup_connection_value(connection, .HEADER_KIND, "Transfer-Encoding").map({
        String(cString: $0).trimmingCharacters(in: .whitespaces).lowercased()
      }) {
        // RFC 9112 §6.1: a body framed both ways could smuggle what follows the last chunk in as
        // another request; answer, and close the connection.
        if length != nil {
          return refuse(.conflictingFraming, connection: connection, context: context)
        }
        // libmicrohttpd reads only chunked bodies; any other coding would wait for the idle timeout.
        if coding != "chunked" {
          return refuse(
            .unsupportedTransferCoding(String(coding.prefix(40))), connection: connection, context: context)
        }
      }
      if let declared = length.flatMap({ Int($0) }), declared > context.bodyLimit {
        return reject(connection: connection, context: context)
      }
      // Returning without a response lets MHD answer `Expect: 100-continue` and read the body.
      return .YES
    }
    if uploadSize.pointee > 0 {
      let count = uploadSize.pointee
      uploadSize.pointee = 0
      if context.isOversized {
        // MHD cannot answer in the middle of a body, so the rest is read and dropped, up to a
        // bound past which the connection is simply closed.
        context.discarded += count
        return context.discarded > Self.discardLimit ? .NO : .YES
      }
      guard context.body.count + count <= context.bodyLimit else {
        context.isOversized = true
        context.discarded = context.body.count + count
        context.body = []
        return .YES
      }
      if let uploadData {
        uploadData.withMemoryRebound(to: UInt8.self, capacity: count) {
          context.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
        }
      }
      return .YES
    }
    if context.isOversized {
      return queue(tooLarge(context, connection: connection), on: connection, context: context)
    }
    if let response = context.takePending() {
      return queue(response, on: connection, context: context)
    }
    guard !context.isWaitingForWorker else { return .YES }
    let request = makeRequest(connection: connection, context: context)
    switch responder.respond(to: request) {
    case .response(let response):
      return queue(response, on: connection, context: context)
    case .stream(let stream):
      return queue(stream, on: connection, context: context)
    case .blocking(let work):
      return run(work, on: workers, connection: connection, context: context)
    case .writing(let work):
      return run(work, on: writers, connection: connection, context: context)
    }
  }

  /// Parks the connection while `work` runs on `pool`, which resumes it with the answer; 503
  /// when the pool's queue is full.
  private func run(
    _ work: @escaping @Sendable () -> HTTPResponse, on pool: WorkerPool?, connection: OpaquePointer,
    context: RequestContext
  ) -> MHD_Result {
    context.isWaitingForWorker = true
    let handle = ConnectionHandle(pointer: connection)
    MHD_suspend_connection(connection)
    let accepted = pool?.submit {
      context.setPending(work())
      MHD_resume_connection(handle.pointer)
    }
    if accepted != true {
      context.setPending(engineError(.busy, connection: connection, context: context))
      MHD_resume_connection(connection)
    }
    return .YES
  }

  /// Answers 413 while only the headers have been read (a declared `Content-Length` too
  /// large): MHD then closes the connection instead of reading the body.
  private func reject(connection: OpaquePointer, context: RequestContext) -> MHD_Result {
    context.isRejected = true
    var response = tooLarge(context, connection: connection)
    response.headers.set("Connection", "close")
    return queue(response, on: connection, context: context)
  }

  /// Answers at once with the application's error and closes the connection afterwards.
  private func refuse(
    _ refusal: EngineRefusal, connection: OpaquePointer, context: RequestContext
  ) -> MHD_Result {
    context.isRejected = true
    var response = engineError(refusal, connection: connection, context: context)
    response.headers.set("Connection", "close")
    return queue(response, on: connection, context: context)
  }

  private func tooLarge(_ context: RequestContext, connection: OpaquePointer) -> HTTPResponse {
    engineError(.bodyTooLarge(limit: context.bodyLimit), connection: connection, context: context)
  }

  /// The application's words for a refusal, with `Retry-After` when it passes by itself.
  private func engineError(
    _ refusal: EngineRefusal, connection: OpaquePointer, context: RequestContext
  ) -> HTTPResponse {
    var response = responder.engineError(
      refusal, requestID: context.requestID, acceptLanguage: Self.acceptLanguage(of: connection))
    if let seconds = refusal.retryAfterSeconds, response.headers["Retry-After"] == nil {
      response.headers.add("Retry-After", String(seconds))
    }
    return response
  }

  private static func acceptLanguage(of connection: OpaquePointer) -> String? {
    MHD_lookup_connection_value(connection, .HEADER_KIND, "Accept-Language").map { String(cString: $0) }
  }

  private func queue(
    _ response: HTTPResponse, on connection: OpaquePointer, context: RequestContext
  )
    -> MHD_Result
  {
    context.status = response.status
    guard let mhdResponse = SentBody.response(response.body) else { return .NO }
    defer { MHD_destroy_response(mhdResponse) }
    addHeaders(response.headers, requestID: context.requestID, to: mhdResponse)
    return MHD_queue_response(connection, UInt32(response.status), mhdResponse)
  }

  /// Starts a streamed response: chunked, exempt from the slow-client timeout, and known to
  /// the server so that `stop` can end it.
  private func queue(_ stream: HTTPStream, on connection: OpaquePointer, context: RequestContext) -> MHD_Result {
    context.status = stream.status
    let retained = Unmanaged.passRetained(stream).toOpaque()
    guard
      let mhdResponse = MHD_create_response_from_callback(
        UInt64.max, 4096, streamReader, retained, streamFinished)
    else {
      Unmanaged<HTTPStream>.fromOpaque(retained).release()
      return .NO
    }
    defer { MHD_destroy_response(mhdResponse) }
    addHeaders(stream.headers, requestID: context.requestID, to: mhdResponse)
    stream.attach(to: connection)
    track(stream)
    atrium_mhd_disable_timeout(connection)
    return MHD_queue_response(connection, UInt32(stream.status), mhdResponse)
  }

  /// The response's header fields and the request id, handed to MHD as the strings' own
  /// bytes (`withCString`): passing a `String` as a C string made a copy of each (`make bench-cost`).
  private func addHeaders(_ headers: HTTPHeaders, requestID: String, to response: OpaquePointer) {
    for field in headers {
      field.name.withCString { name in
        field.value.withCString { value in _ = MHD_add_response_header(response, name, value) }
      }
    }
    requestID.withCString { _ = MHD_add_response_header(response, "X-Request-Id", $0) }
  }

  private func makeRequest(connection: OpaquePointer, context: RequestContext) -> HTTPRequest {
    let collector = HeaderCollector()
    let collectorPointer = Unmanaged.passUnretained(collector).toOpaque()
    _ = MHD_get_connection_values(connection, .HEADER_KIND, collectHeader, collectorPointer)
    let remote = withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { address in
      atrium_mhd_client_address(connection, address.baseAddress, socklen_t(address.count)) == 0
        ? String(cString: address.baseAddress!) : "unknown"
    }
    let rawQuery = QueryString.rawQuery(of: context.target)
    let query = rawQuery.isEmpty ? (parameters: [:], malformedParameter: nil) : QueryString.parsed(rawQuery)
    let body = context.body
    context.body = []
    return HTTPRequest(
      method: context.method, path: context.path, query: query.parameters,
      headers: HTTPHeaders(collector.fields), body: body, remoteAddress: remote, requestID: context.requestID,
      malformedQueryParameter: query.malformedParameter)
  }
}

private final class HeaderCollector {
  var fields: [(name: String, value: String)] = []
}

private let collectHeader: MHD_KeyValueIterator = { cls, _, key, value in
  guard let cls, let key else { return .YES }
  let collector = Unmanaged<HeaderCollector>.fromOpaque(cls).takeUnretainedValue()
  collector.fields.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
  return .YES
}
