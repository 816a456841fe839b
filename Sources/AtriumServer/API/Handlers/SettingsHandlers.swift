import AtriumAPI
import AtriumCrypto
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb

extension AtriumApp {
  /// The caller's settings and push devices.
  func handle(_ route: Route.Settings, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    switch route {
    case .show:
      return try JSONCoding.response(
        try settings.settings(principal: principal, acceptLanguage: request.headers["Accept-Language"]))
    case .update:
      let body = try JSONCoding.decode(SettingsChange.self, from: request)
      return try JSONCoding.response(
        try settings.update(body, principal: principal, acceptLanguage: request.headers["Accept-Language"]))
    case .devices:
      return try JSONCoding.response(try settings.devices(principal: principal))
    case .registerDevice:
      let body = try JSONCoding.decode(NewDevice.self, from: request)
      let result = try settings.register(body, principal: principal)
      return try JSONCoding.response(result.device, status: result.isNew ? 201 : 200)
    case .deleteDevice(let id):
      try settings.deleteDevice(id: id, principal: principal)
      return HTTPResponse(status: 204)
    case .vapidPublicKey:
      return try JSONCoding.response(VapidPublicKey(key: try settings.vapidPublicKey()))
    }
  }

  /// The company directory's settings and syncs (admins only, checked before).
  func handle(_ route: Route.Directory, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    switch route {
    case .show:
      return try JSONCoding.response(try directoryAdmin.status(principal: principal))
    case .update:
      let body = try JSONCoding.decode(DirectorySettings.self, from: request)
      return try JSONCoding.response(try directoryAdmin.update(body, principal: principal))
    case .reset:
      try directoryAdmin.reset(principal: principal)
      return HTTPResponse(status: 204)
    case .sync:
      return try JSONCoding.response(try directoryAdmin.sync(principal: principal))
    }
  }
}
