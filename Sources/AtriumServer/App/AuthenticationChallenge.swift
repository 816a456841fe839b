import AtriumHTTP
import AtriumHTTPTypes

/// RFC 9110 §11.6.1: a 401 says how to authenticate. Atrium's API takes bearer tokens
/// (RFC 6750): a request that sent none is told the scheme; one whose token was refused is
/// also told `invalid_token` (expired, ended or forged alike), so a client knows to refresh.
enum AuthenticationChallenge {
  static func apply(to response: HTTPResponse, for request: HTTPRequest) -> HTTPResponse {
    guard response.status == 401 else { return response }
    var response = response
    let sentToken = request.headers["Authorization"] != nil
    response.headers.set(
      "WWW-Authenticate",
      sentToken
        ? #"Bearer realm="atrium", error="invalid_token", error_description="The access token is not valid or has expired""#
        : #"Bearer realm="atrium""#)
    return response
  }
}
