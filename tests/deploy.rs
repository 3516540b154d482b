//! deploy/kubernetes/: the manifests parse, agree with each other, and agree with the binary:
//! the container port is the one `railrules serve` listens on, the probes ask the health path,
//! the metrics have a port of their own that Prometheus is pointed at and the Service does not
//! expose, and the binary started with the manifest's arguments and environment answers that
//! probe, and its metrics on that port only.

#[path = "common/binary.rs"]
mod binary;

use std::collections::BTreeMap;
use std::process::{Command, Stdio};

use railrules::api::HEALTH_PATH;
use railrules::api::config::DEFAULT_PORT;
use railrules::api::metrics::PATH as METRICS_PATH;
use yaml_rust2::{Yaml, YamlLoader};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/deploy/kubernetes");

/// Every manifest by file name (a file may hold several documents).
fn manifests() -> BTreeMap<String, Vec<Yaml>> {
    std::fs::read_dir(DIR)
        .expect("deploy/kubernetes")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let docs =
                YamlLoader::load_from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p.file_name().unwrap().to_string_lossy().into_owned(), docs)
        })
        .collect()
}

/// The one object of `kind`.
fn one(kind: &str) -> Yaml {
    let found: Vec<Yaml> = manifests()
        .into_values()
        .flatten()
        .filter(|d| d["kind"].as_str() == Some(kind))
        .collect();
    assert_eq!(found.len(), 1, "one {kind} expected");
    found.into_iter().next().unwrap()
}

fn container(deployment: &Yaml) -> &Yaml {
    let containers = deployment["spec"]["template"]["spec"]["containers"]
        .as_vec()
        .expect("containers");
    assert_eq!(containers.len(), 1);
    &containers[0]
}

/// The container port a probe or the Service names (by name or number).
fn resolve_port(container: &Yaml, port: &Yaml) -> i64 {
    match port {
        Yaml::Integer(n) => *n,
        Yaml::String(name) => container["ports"]
            .as_vec()
            .unwrap()
            .iter()
            .find(|p| p["name"].as_str() == Some(name))
            .and_then(|p| p["containerPort"].as_i64())
            .unwrap_or_else(|| panic!("no container port named {name}")),
        other => panic!("a port is a name or a number, not {other:?}"),
    }
}

fn env_of(container: &Yaml) -> Vec<(String, String)> {
    container["env"]
        .as_vec()
        .map(|vars| {
            vars.iter()
                .map(|v| {
                    (
                        v["name"].as_str().unwrap().to_string(),
                        v["value"].as_str().unwrap_or_default().to_string(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn every_manifest_parses_and_the_kustomization_lists_them() {
    let manifests = manifests();
    for (file, docs) in &manifests {
        assert!(!docs.is_empty(), "{file} is empty");
        for doc in docs {
            assert!(
                doc["apiVersion"].as_str().is_some(),
                "{file}: no apiVersion"
            );
            assert!(doc["kind"].as_str().is_some(), "{file}: no kind");
        }
    }
    let kustomization = &manifests["kustomization.yaml"][0];
    let mut listed: Vec<&str> = kustomization["resources"]
        .as_vec()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect();
    listed.sort();
    let mut files: Vec<&str> = manifests
        .keys()
        .map(String::as_str)
        .filter(|f| *f != "kustomization.yaml")
        .collect();
    files.sort();
    assert_eq!(listed, files);
}

#[test]
fn the_deployment_probes_the_health_path_on_the_served_port() {
    let deployment = one("Deployment");
    let c = container(&deployment);
    let port = resolve_port(c, &Yaml::String("http".into()));
    assert_eq!(port, i64::from(DEFAULT_PORT));
    // A port set in the environment must be the container's.
    for (name, value) in env_of(c) {
        if name == "RAILRULES_PORT" {
            assert_eq!(value, DEFAULT_PORT.to_string());
        }
    }
    for probe in ["livenessProbe", "readinessProbe"] {
        let get = &c[probe]["httpGet"];
        assert_eq!(get["path"].as_str(), Some(HEALTH_PATH), "{probe}");
        assert_eq!(resolve_port(c, &get["port"]), port, "{probe}");
    }
}

#[test]
fn the_deployment_runs_as_non_root_on_a_read_only_filesystem_within_limits() {
    let deployment = one("Deployment");
    let pod = &deployment["spec"]["template"]["spec"];
    let c = container(&deployment);
    let non_root = c["securityContext"]["runAsNonRoot"]
        .as_bool()
        .or(pod["securityContext"]["runAsNonRoot"].as_bool());
    assert_eq!(non_root, Some(true));
    assert_eq!(
        c["securityContext"]["readOnlyRootFilesystem"].as_bool(),
        Some(true)
    );
    assert_eq!(
        c["securityContext"]["allowPrivilegeEscalation"].as_bool(),
        Some(false)
    );
    for bound in ["requests", "limits"] {
        for resource in ["cpu", "memory"] {
            assert!(
                !c["resources"][bound][resource].is_badvalue(),
                "resources.{bound}.{resource} is missing"
            );
        }
    }
}

#[test]
fn the_service_and_the_autoscaler_point_at_the_deployment() {
    let deployment = one("Deployment");
    let name = deployment["metadata"]["name"].as_str().unwrap();
    let labels = &deployment["spec"]["template"]["metadata"]["labels"];
    let service = one("Service");
    let selector = service["spec"]["selector"].as_hash().unwrap();
    assert!(!selector.is_empty());
    for (key, value) in selector {
        assert_eq!(&labels[key.as_str().unwrap()], value, "selector {key:?}");
    }
    let ports = service["spec"]["ports"].as_vec().unwrap();
    assert_eq!(
        resolve_port(container(&deployment), &ports[0]["targetPort"]),
        i64::from(DEFAULT_PORT)
    );
    let hpa = one("HorizontalPodAutoscaler");
    let target = &hpa["spec"]["scaleTargetRef"];
    assert_eq!(target["kind"].as_str(), Some("Deployment"));
    assert_eq!(target["name"].as_str(), Some(name));
    let (min, max) = (
        hpa["spec"]["minReplicas"].as_i64().unwrap(),
        hpa["spec"]["maxReplicas"].as_i64().unwrap(),
    );
    assert!(1 <= min && min <= max, "{min}..{max}");
    // CPU utilisation needs CPU requests on the pods.
    assert!(!container(&deployment)["resources"]["requests"]["cpu"].is_badvalue());
}

/// The value of the container's environment variable `name`.
fn env_value(container: &Yaml, name: &str) -> Option<String> {
    env_of(container)
        .into_iter()
        .find(|(n, _)| n == name)
        .map(|(_, value)| value)
}

#[test]
fn prometheus_scrapes_the_metrics_port_which_the_service_does_not_expose() {
    let deployment = one("Deployment");
    let c = container(&deployment);
    let annotations = &deployment["spec"]["template"]["metadata"]["annotations"];
    assert_eq!(annotations["prometheus.io/scrape"].as_str(), Some("true"));
    assert_eq!(
        annotations["prometheus.io/path"].as_str(),
        Some(METRICS_PATH)
    );
    let scraped: i64 = annotations["prometheus.io/port"]
        .as_str()
        .expect("prometheus.io/port is a string")
        .parse()
        .unwrap();
    // The port the binary serves its metrics on, the container's `metrics` port, and the one
    // scraped are one.
    let bind = env_value(c, "RAILRULES_METRICS_BIND").expect("RAILRULES_METRICS_BIND");
    let bound: std::net::SocketAddr = bind.parse().unwrap();
    assert_eq!(i64::from(bound.port()), scraped);
    assert_eq!(resolve_port(c, &Yaml::String("metrics".into())), scraped);
    assert_ne!(scraped, i64::from(DEFAULT_PORT));
    // The Service routes only to the API's port.
    let service = one("Service");
    for port in service["spec"]["ports"].as_vec().unwrap() {
        assert_ne!(resolve_port(c, &port["targetPort"]), scraped, "{port:?}");
    }
}

/// The binary, started with the container's arguments and environment (on free ports),
/// answers the probe, and `/metrics` on the metrics port only.
#[test]
fn the_binary_started_as_deployed_answers_its_probe() {
    let deployment = one("Deployment");
    let c = container(&deployment);
    let args: Vec<String> = c["args"]
        .as_vec()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap().to_string())
        .collect();
    let port = binary::free_port();
    let metrics_port = binary::free_port();
    // The manifest's metrics address, on a free port of the loopback.
    assert!(env_value(c, "RAILRULES_METRICS_BIND").is_some());
    let mut child = Command::new(env!("CARGO_BIN_EXE_railrules"))
        .args(&args)
        .envs(env_of(c))
        .env("RAILRULES_PORT", port.to_string())
        .env("RAILRULES_BIND", "127.0.0.1")
        .env(
            "RAILRULES_METRICS_BIND",
            format!("127.0.0.1:{metrics_port}"),
        )
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut get = |port: u16, path: &str| {
        binary::get(binary::connect_when_listening(&mut child, port), path, "")
    };
    let path = c["readinessProbe"]["httpGet"]["path"].as_str().unwrap();
    let response = get(port, path);
    let metrics = get(metrics_port, METRICS_PATH);
    let public_metrics = get(port, METRICS_PATH);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(response.starts_with("HTTP/1.1 200"), "{response}");
    assert!(metrics.starts_with("HTTP/1.1 200"), "{metrics}");
    assert!(
        public_metrics.starts_with("HTTP/1.1 404"),
        "{public_metrics}"
    );
}

/// Issue 40: the image's health check asks the port the server listens on, whatever
/// RAILRULES_PORT a `docker run -e` sets: both read that variable, and the command passes no
/// `--port` that would override it.
#[test]
fn the_images_health_check_follows_the_servers_port() {
    let dockerfile = include_str!("../Dockerfile");
    let line = |prefix: &str| {
        dockerfile
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no {prefix} line"))
    };
    assert_eq!(line("ENV RAILRULES_PORT="), "ENV RAILRULES_PORT=8080");
    assert_eq!(line("EXPOSE "), "EXPOSE 8080");
    let check = dockerfile
        .split("HEALTHCHECK")
        .nth(1)
        .and_then(|rest| rest.lines().nth(1))
        .unwrap();
    assert!(
        check.contains("http://127.0.0.1:${RAILRULES_PORT}/healthz"),
        "{check}"
    );
    let command = line("CMD [");
    assert!(!command.contains("--port"), "{command}");
}
