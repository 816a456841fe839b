import AtriumAPI
import AtriumHTTP
import AtriumHTTPTypes
import AtriumServices
import AtriumWeb

extension AtriumApp {
  /// Locations and departments.
  func handle(_ route: Route.Places, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    switch route {
    case .locations(let page):
      return try JSONCoding.response(try places.locations(page))
    case .createLocation:
      let body = try JSONCoding.decode(NewLocation.self, from: request)
      return try JSONCoding.response(try places.createLocation(body, by: principal), status: 201)
    case .updateLocation(let id):
      let body = try JSONCoding.decode(LocationChange.self, from: request)
      return try JSONCoding.response(try places.updateLocation(id: id, body, by: principal))
    case .deleteLocation(let id):
      try places.deleteLocation(id: id, by: principal)
      return HTTPResponse(status: 204)
    case .departments(let page):
      return try JSONCoding.response(try places.departments(page))
    case .createDepartment:
      let body = try JSONCoding.decode(NewDepartment.self, from: request)
      return try JSONCoding.response(try places.createDepartment(body, by: principal), status: 201)
    case .updateDepartment(let id):
      let body = try JSONCoding.decode(DepartmentChange.self, from: request)
      return try JSONCoding.response(try places.updateDepartment(id: id, body, by: principal))
    case .deleteDepartment(let id):
      try places.deleteDepartment(id: id, by: principal)
      return HTTPResponse(status: 204)
    }
  }

  /// The company's data and the audit log.
  func handle(_ route: Route.Company, _ request: HTTPRequest, _ principal: Principal) throws -> HTTPResponse {
    switch route {
    case .show:
      return try JSONCoding.response(try company.company())
    case .update:
      let body = try JSONCoding.decode(CompanyChange.self, from: request)
      return try JSONCoding.response(try company.update(body, by: principal))
    case .audit(let page):
      return try JSONCoding.response(try AuditTrail(environment: environment).page(page, principal: principal))
    case .signUpSettings:
      return try JSONCoding.response(try SignUpService(environment: environment).settings(principal: principal))
    case .updateSignUpSettings:
      let body = try JSONCoding.decode(SignUpSettingsBody.self, from: request)
      return try JSONCoding.response(try SignUpService(environment: environment).update(body, principal: principal))
    }
  }
}
