import AtriumAPI
import AtriumDomain
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb
import Foundation

/// A request body whose listed fields may be sent as JSON `null`, meaning "clear it" (a
/// manager, a start date). Every other null is refused with 400.
protocol NullableFields {
  static var nullableFields: Set<String> { get }
}

extension PersonChange: NullableFields {
  static var nullableFields: Set<String> { ["managerId", "startDate"] }
}

/// A body where null is a value anywhere (a task's due date cleared, in any operation of a
/// batch): the body's own reading decides what a null may be.
protocol TakesNulls {}

extension TaskOpsBody: TakesNulls {}
extension TaskResolution: TakesNulls {}
extension TaskChangeBody: TakesNulls {}

/// Reading JSON request bodies with errors a caller can act on, and writing JSON responses.
enum JSONCoding {
  /// Decodes the body of `request` as `T`.
  /// - Throws: `Problem` 415 when it is not sent as JSON, 400 naming the field or position when
  ///   it does not decode.
  static func decode<T: Decodable>(_ type: T.Type, from request: HTTPRequest) throws -> T {
    guard request.mediaType == "application/json" else {
      throw Problem(status: 415, .sendJSON(got: request.mediaType))
    }
    guard !request.body.isEmpty else {
      throw Problem.badRequest(.emptyBody)
    }
    // One pass of our own parser over the body (its syntax, nulls, control characters and
    // numbers too large), then the decoder's.
    let syntax = JSONSyntax.check(request.body)
    if let failure = syntax.error {
      throw Problem.badRequest(.notJSON(reason: failure.detail))
    }
    // Swift's decoder takes a null optional as absent: without this check `{"phone": null}`
    // would quietly mean "unchanged" where the contract says a string.
    // (The type's conformances are looked up only when a null was sent.)
    let nulls =
      syntax.nulls.isEmpty || T.self is any TakesNulls.Type
      ? [] : Set(syntax.nulls).subtracting((T.self as? any NullableFields.Type)?.nullableFields ?? [])
    if !nulls.isEmpty {
      throw Problem.invalid(
        ValidationFailure(nulls.sorted().map { FieldError(field: $0, rule: .notNull) }))
    }
    // A number beyond what any field can hold (1e400) is named, not left to the decoder.
    if !syntax.oversizedNumbers.isEmpty {
      throw Problem.invalid(
        ValidationFailure(
          syntax.oversizedNumbers.map { FieldError(field: $0, rule: .numberTooLarge) }))
    }
    // A NUL or another control character has no place in a name, a note or a post, and would
    // reach pages and files as it is; tabs and line breaks are text.
    if !syntax.controlCharacters.isEmpty {
      throw Problem.invalid(
        ValidationFailure(
          Set(syntax.controlCharacters).sorted().map { FieldError(field: $0, rule: .controlCharacters) }))
    }
    do {
      return try JSONDecoder().decode(T.self, from: Data(request.body))
    } catch let error as DecodingError {
      throw problem(for: error)
    } catch let violation as FieldRuleViolation {
      throw Problem.invalid(ValidationFailure([FieldError(field: path(violation.codingPath), rule: violation.rule)]))
    } catch {
      throw Problem.badRequest(.notJSON(reason: "\(error)"))
    }
  }

  static func response(
    _ value: some Encodable, status: Int = 200, headers: HTTPHeaders = HTTPHeaders()
  )
    throws -> HTTPResponse
  {
    response(body: try StreamingJSONEncoder().encode(value), status: status, headers: headers)
  }

  /// An object that writes its own JSON (`JSONStreamable`), sent as `response` sends a value.
  static func response(streaming value: some JSONStreamable, expectedSize: Int = 1024) throws -> HTTPResponse {
    response(
      body: try StreamingJSONEncoder().encodeObject(value, expectedSize: expectedSize), status: 200,
      headers: HTTPHeaders())
  }

  private static func response(body: [UInt8], status: Int, headers: HTTPHeaders) -> HTTPResponse {
    var headers = headers
    headers.set("Content-Type", "application/json")
    headers.set("Cache-Control", "no-store")
    return HTTPResponse(status: status, headers: headers, body: body)
  }

  private static func problem(for error: DecodingError) -> Problem {
    switch error {
    case .keyNotFound(let key, let context):
      let field = path(context.codingPath + [key])
      return Problem.invalid(ValidationFailure([FieldError(field: field, rule: .required)]))
    case .typeMismatch(let type, let context):
      let field = path(context.codingPath)
      return Problem.invalid(ValidationFailure([FieldError(field: field, rule: .wrongType(expected: describe(type)))]))
    case .valueNotFound(let type, let context):
      let field = path(context.codingPath)
      return Problem.invalid(ValidationFailure([FieldError(field: field, rule: .wrongType(expected: describe(type)))]))
    case .dataCorrupted(let context):
      if context.codingPath.isEmpty {
        let reason = context.underlyingError.map { "\($0)" } ?? context.debugDescription
        return Problem.badRequest(.notJSON(reason: reason))
      }
      return Problem.invalid(ValidationFailure([FieldError(field: path(context.codingPath), rule: .notAccepted)]))
    @unknown default:
      return Problem.badRequest(.bodyUnreadable)
    }
  }

  /// `department.id`, `items[2].name`.
  private static func path(_ keys: [any CodingKey]) -> String {
    var result = ""
    for key in keys {
      if let index = key.intValue {
        result += "[\(index)]"
      } else {
        result += result.isEmpty ? key.stringValue : "." + key.stringValue
      }
    }
    return result.isEmpty ? "body" : result
  }

  private static func describe(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: "a string"
    case is Bool.Type: "true or false"
    case is Int.Type, is Double.Type, is Int64.Type: "a number"
    case is [Any].Type: "an array"
    default:
      String(describing: type).hasPrefix("Array") ? "an array" : "an object"
    }
  }
}
