import CCurl

/// One libcurl transfer: the only owner of its easy handle, the lists and the body it hands
/// libcurl (kept alive until the handle goes), and what comes back. libcurl is wrapped here
/// once; SMTP (`AtriumMail`) and HTTP (`HTTPClient`) both go through it.
///
/// Not shared between threads: made, configured, performed and dropped by one caller.
public final class CurlTransfer {
  /// What `perform` ended with: libcurl's code and its words for it.
  public struct Outcome: Sendable {
    public let code: CURLcode
    /// libcurl's error buffer, or its text for the code when the buffer is empty.
    public let detail: String
    public var succeeded: Bool { code == CURLE_OK }
  }

  private let handle: UnsafeMutableRawPointer
  private var lists: [UnsafeMutablePointer<curl_slist>] = []
  private let exchange = Exchange()
  private var errorText = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)

  /// `curl_global_init` is not thread-safe: once, before any handle.
  private static let initialized: Bool = atrium_curl_global_init() == CURLE_OK

  /// - Parameter responseLimit: Bytes of a response body kept; a longer body fails the
  ///   transfer (`CURLE_WRITE_ERROR`), so a misbehaving server cannot fill the memory.
  public init?(responseLimit: Int = 1 << 20) {
    guard Self.initialized, let handle = curl_easy_init() else { return nil }
    self.handle = handle
    exchange.limit = responseLimit
    set(CURLOPT_NOSIGNAL, 1)
    atrium_curl_set_callback(handle, CURLOPT_WRITEFUNCTION, Exchange.write)
    atrium_curl_set_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(exchange).toOpaque())
    atrium_curl_set_callback(handle, CURLOPT_HEADERFUNCTION, Exchange.header)
    atrium_curl_set_pointer(handle, CURLOPT_HEADERDATA, Unmanaged.passUnretained(exchange).toOpaque())
  }

  deinit {
    curl_easy_cleanup(handle)
    for list in lists { curl_slist_free_all(list) }
  }

  /// A number option (`CURLOPT_TIMEOUT`, `CURLOPT_HTTP_VERSION`, …).
  public func set(_ option: CURLoption, _ value: Int) {
    atrium_curl_set_long(handle, option, value)
  }

  /// A text option; libcurl keeps its own copy.
  public func set(_ option: CURLoption, _ value: String) {
    atrium_curl_set_string(handle, option, value)
  }

  /// A list option (`CURLOPT_HTTPHEADER`, `CURLOPT_MAIL_RCPT`): the list lives as long as the handle.
  public func set(_ option: CURLoption, list items: [String]) {
    var list: UnsafeMutablePointer<curl_slist>?
    for item in items { list = curl_slist_append(list, item) }
    guard let list else { return }
    lists.append(list)
    atrium_curl_set_list(handle, option, list)
  }

  /// Sends `bytes` as the upload (a mail's message, a request's body): libcurl reads them
  /// through a callback, so they are not copied again.
  public func upload(_ bytes: [UInt8]) {
    exchange.upload = bytes
    exchange.uploaded = 0
    set(CURLOPT_INFILESIZE_LARGE, bytes.count)
    atrium_curl_set_callback(handle, CURLOPT_READFUNCTION, Exchange.read)
    atrium_curl_set_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(exchange).toOpaque())
  }

  /// Runs the transfer to its end (or its timeout).
  public func perform() -> Outcome {
    let code = errorText.withUnsafeMutableBufferPointer { buffer in
      atrium_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, buffer.baseAddress)
      defer { atrium_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, nil) }
      return curl_easy_perform(handle)
    }
    let written = String(decoding: errorText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return Outcome(code: code, detail: written.isEmpty ? String(cString: curl_easy_strerror(code)) : written)
  }

  /// The last reply's code: an HTTP status, or an SMTP reply; 0 when none came.
  public var responseCode: Int { info(CURLINFO_RESPONSE_CODE) }

  /// The HTTP version the last response came in (`CURL_HTTP_VERSION_2_0` for HTTP/2).
  public var httpVersion: Int { info(CURLINFO_HTTP_VERSION) }

  /// The body received, up to the limit.
  public var responseBody: [UInt8] { exchange.received }

  /// The last response's header fields, in order, names as sent.
  public var responseHeaders: [(name: String, value: String)] { exchange.headers }

  private func info(_ item: CURLINFO) -> Int {
    var value = 0
    atrium_curl_info_long(handle, item, &value)
    return value
  }
}

/// The bytes going out and coming in, reached from libcurl's callbacks through their context
/// pointer (the transfer keeps it alive).
private final class Exchange {
  var upload: [UInt8] = []
  var uploaded = 0
  var received: [UInt8] = []
  var limit = 1 << 20
  var headers: [(name: String, value: String)] = []

  static let read: atrium_curl_io_callback = { buffer, size, count, context in
    guard let buffer, let context else { return 0 }
    let exchange = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
    let length = min(size * count, exchange.upload.count - exchange.uploaded)
    guard length > 0 else { return 0 }
    exchange.upload.withUnsafeBufferPointer { source in
      UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + exchange.uploaded, byteCount: length)
    }
    exchange.uploaded += length
    return length
  }

  static let write: atrium_curl_io_callback = { buffer, size, count, context in
    guard let buffer, let context else { return 0 }
    let exchange = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    // Returning less than was given stops the transfer with CURLE_WRITE_ERROR.
    guard exchange.received.count + length <= exchange.limit else { return 0 }
    exchange.received.append(
      contentsOf: UnsafeRawBufferPointer(start: buffer, count: length).bindMemory(to: UInt8.self))
    return length
  }

  /// One header line at a time; a new status line (after a redirect or a `100 Continue`)
  /// starts the list again, so the headers are the final response's.
  static let header: atrium_curl_io_callback = { buffer, size, count, context in
    guard let buffer, let context else { return 0 }
    let exchange = Unmanaged<Exchange>.fromOpaque(context).takeUnretainedValue()
    let length = size * count
    let line = String(
      decoding: UnsafeRawBufferPointer(start: buffer, count: length).bindMemory(to: UInt8.self), as: UTF8.self
    ).trimmingCharacters(in: ["\r", "\n"])
    if line.hasPrefix("HTTP/") {
      exchange.headers = []
    } else if let colon = line.firstIndex(of: ":") {
      exchange.headers.append(
        (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: [" ", "\t"])))
    }
    return length
  }
}

extension String {
  fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
    var slice = Substring(self)
    while let first = slice.first, set.contains(first) { slice = slice.dropFirst() }
    while let last = slice.last, set.contains(last) { slice = slice.dropLast() }
    return String(slice)
  }
}
