import FHIRModel
import Foundation
import SMART

/// The EHR launch: the server, playing the EHR, opens an app at its launch URL with `iss` and an
/// opaque `launch`; the app sends `launch` back in its authorization request (with the scope
/// `launch`), and the patient the EHR had open is the launch's context, picked by no one.
extension AuthorizationServer {
    /// How long a launch waits for the app's authorization request.
    public static let launchLifetime: TimeInterval = 300

    /// `GET /auth/launch?client_id=…&patient=…`: where the browser goes to open the app for
    /// `patient`. Whether the patient exists is not said here, to whoever asks: the approval,
    /// signed in, checks it.
    public func launch(_ query: [(name: String, value: String)], audience: String) -> Result<String, Refusal> {
        func value(_ name: String) -> String? { query.first { $0.name == name }?.value }
        guard let clientID = value("client_id"), let client = clients[clientID] else {
            return .failure(.page("unknown client_id '\(value("client_id") ?? "")': register the app first"))
        }
        guard let launchURI = client.launchURI else {
            return .failure(.page("\(clientID) has no launch_uri registered: an EHR launch opens the app there"))
        }
        guard let patient = value("patient"), !patient.isEmpty else {
            return .failure(.page("patient is required: the id of the patient the EHR has open"))
        }
        let id = Base64URL.random(bytes: 16)
        let launch = Launch(clientID: clientID, patient: patient, issued: clock.now())
        records.withLock { state in
            prune(&state, now: launch.issued)
            // As for requests: a flood pushes out the oldest.
            if !Self.hasRoom(state.launches.count),
                let oldest = state.launches.min(by: { $0.value.issued < $1.value.issued })
            {
                state.launches[oldest.key] = nil
            }
            state.launches[id] = launch
        }
        return .success(Self.redirect(launchURI, [("iss", audience), ("launch", id)]))
    }

    /// The patient of the launch `id`, taken once, by its own client, within its lifetime; else
    /// why not.
    func takeLaunch(_ id: String, clientID: String) -> Result<String, OAuthError> {
        let now = clock.now()
        return records.withLock { state in
            guard let launch = state.launches[id] else {
                return .failure(
                    OAuthError("invalid_request", "launch is not one this server made, or was used already"))
            }
            // Another app naming it does not use it up: the launch is still its own app's.
            guard launch.clientID == clientID else {
                return .failure(OAuthError("invalid_request", "the launch was made for another app"))
            }
            state.launches[id] = nil
            guard now.timeIntervalSince(launch.issued) <= Self.launchLifetime else {
                return .failure(
                    OAuthError("invalid_request", "the launch expired: it lasts \(Int(Self.launchLifetime)) s"))
            }
            return .success(launch.patient)
        }
    }

    /// The EHR launch's part of an authorization request: the launch's patient, none for a
    /// standalone launch, or the error that refuses the request.
    func launchContext(_ launch: String?, scopes: SMARTScopes, clientID: String) -> Result<String?, OAuthError> {
        guard let launch else {
            guard !scopes.contains("launch") else {
                return .failure(
                    OAuthError(
                        "invalid_request", "the scope launch is for an EHR launch, and the launch parameter is missing")
                )
            }
            return .success(nil)
        }
        guard scopes.contains("launch") else {
            return .failure(OAuthError("invalid_scope", "an EHR launch asks for the scope launch"))
        }
        return takeLaunch(launch, clientID: clientID).map(Optional.some)
    }
}
