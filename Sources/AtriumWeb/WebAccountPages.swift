import AtriumAPI
import AtriumDomain
import AtriumHTML
import AtriumHTTPTypes
import AtriumServices
import Foundation

extension WebApp {
  /// The Account section's pages and forms for a signed-in visitor.
  func page(
    _ page: WebPage.Account, _ request: HTTPRequest, form: [String: String], visitor: WebSessions.Visitor,
    context: WebContext
  ) throws -> HTTPResponse {
    switch page {
    case .signOut:
      var response = HTTPResponse.seeOther(WebPage.account(.signIn(next: nil)).href)
      response.headers.add("Set-Cookie", try webSessions.end(visitor, secure: webSessions.isSecure(request)))
      return response
    case .signIn, .submitSignIn, .password, .changePassword, .forgotPassword, .requestReset, .chooseNewPassword,
      .resetPassword, .invitation, .acceptInvitation, .unsubscribe, .confirmUnsubscribe, .signUp, .submitSignUp,
      .resendSignUp, .confirmSignUp, .completeSignUp, .confirmEmail, .completeEmail:
      // Answered before: signing in and a forgotten password need no session, and the password
      // forms come first.
      throw Problem.notFound(.noSuch(.page, id: ""))
    }
  }
}
