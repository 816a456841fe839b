import AtriumClient
import AtriumMessages
import Foundation

/// Account commands that need no session: `atrium password forgot` asks the server for a
/// reset link by mail, through the SDK's `ForgotPasswordViewModel` as an app would.
enum ClientAccountCommands {
  typealias Exit = ClientCommands.Exit

  /// - Parameter server: The server of the last sign-in, used when none is given.
  @MainActor
  static func password(_ options: Options, server remembered: String, environment: [String: String]) async throws {
    let language = ClientCommands.language(environment: environment)
    guard options.positional == ["forgot"] else {
      throw Exit(code: 2, message: CommandLineText.passwordUsage.text(in: language))
    }
    guard let server = options.value("server") ?? environment["ATRIUM_SERVER"] ?? remembered.nonEmpty else {
      throw Exit(code: 2, message: CommandLineText.giveTheServer.text(in: language))
    }
    let model = ForgotPasswordViewModel(server: server, language: language)
    model.emailChanged(
      try options.value("email")
        ?? ClientCommands.prompt(CommandLineText.emailPrompt.text(in: language), language: language))
    await model.sendTapped()
    let state = model.state
    if let error = state.serverError { throw Exit(code: 2, message: error) }
    if let error = state.error { throw Exit(code: state.isOffline ? 5 : 4, message: error) }
    print(state.sentMessage ?? "")
  }
}
