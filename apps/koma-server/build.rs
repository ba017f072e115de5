//! Builds the browser page: compiles `web/` (TypeScript, with the `typescript` package that
//! `web/package-lock.json` pins, installed by `npm ci` into OUT_DIR), copies the page's one
//! library (`@fluent/bundle`, the message catalogs' formatter) and joins each language's
//! catalog files (`web/locales/LANG/*.ftl`) into one `i18n-LANG.ftl`; then writes
//! `OUT_DIR/assets.rs`, the list of files `src/assets.rs` embeds.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets it"));
    let web = manifest.join("../../web");
    for watched in [
        "src",
        "static",
        "locales",
        "package.json",
        "package-lock.json",
        "tsconfig.json",
    ] {
        println!("cargo::rerun-if-changed={}", web.join(watched).display());
    }
    if let Err(e) = build(&web, &out) {
        // One clear message instead of a panic's backtrace.
        eprintln!("koma-server: building the page (web/) failed: {e}");
        std::process::exit(1);
    }
}

fn build(web: &Path, out: &Path) -> Result<(), String> {
    let npm_dir = out.join("npm");
    install(web, &npm_dir)?;
    let site = out.join("web");
    if site.exists() {
        std::fs::remove_dir_all(&site).map_err(|e| format!("{}: {e}", site.display()))?;
    }
    let tsc = npm_dir.join("node_modules/typescript/bin/tsc");
    let config = tsconfig(web, out, &npm_dir)?;
    run(
        Command::new("node")
            .arg(&tsc)
            .arg("-p")
            .arg(&config)
            .arg("--outDir")
            .arg(&site),
        "node (tsc)",
    )?;
    let statics = web.join("static");
    for entry in read_dir(&statics)? {
        copy(&entry, &site.join(entry.file_name().expect("a file")))?;
    }
    // The library's own modules import each other by relative names: they keep their folder.
    let fluent = site.join("fluent");
    std::fs::create_dir_all(&fluent).map_err(|e| format!("{}: {e}", fluent.display()))?;
    for entry in read_dir(&npm_dir.join("node_modules/@fluent/bundle/esm"))? {
        if entry.extension().is_some_and(|e| e == "js") {
            copy(&entry, &fluent.join(entry.file_name().expect("a file")))?;
        }
    }
    catalogs(&web.join("locales"), &site)?;
    let mut files = read_dir(&site)?;
    files.extend(read_dir(&fluent)?);
    files.sort();
    let mut list = String::from("/// Every file of the built page, by name.\n");
    list.push_str("static ASSETS: &[(&str, &[u8])] = &[\n");
    for file in &files {
        let name = file
            .strip_prefix(&site)
            .expect("a file of the page")
            .to_string_lossy();
        list.push_str(&format!(
            "    ({name:?}, include_bytes!({:?})),\n",
            file.display().to_string()
        ));
    }
    list.push_str("];\n");
    std::fs::write(out.join("assets.rs"), list).map_err(|e| format!("assets.rs: {e}"))
}

/// A `tsconfig.json` in `out` that compiles `web/` as its own does, with the library's types
/// found beside the sources: `web/src` and `out/lib` are one folder to the compiler
/// (`rootDirs`), so `import ... from "./fluent/index.js"` finds `out/lib/fluent/index.d.ts`,
/// and the browser finds the module at `/assets/fluent/index.js`, where the build puts it.
fn tsconfig(web: &Path, out: &Path, npm_dir: &Path) -> Result<PathBuf, String> {
    let web = web
        .canonicalize()
        .map_err(|e| format!("{}: {e}", web.display()))?;
    let lib = out.join("lib");
    let types = lib.join("fluent");
    std::fs::create_dir_all(&types).map_err(|e| format!("{}: {e}", types.display()))?;
    for entry in read_dir(&npm_dir.join("node_modules/@fluent/bundle/esm"))? {
        if entry.to_string_lossy().ends_with(".d.ts") {
            copy(&entry, &types.join(entry.file_name().expect("a file")))?;
        }
    }
    let config = format!(
        "{{\"extends\": {extends:?}, \"compilerOptions\": {{\"rootDir\": {root:?}, \
         \"rootDirs\": [{root:?}, {lib:?}]}}, \"include\": [{include:?}]}}\n",
        extends = web.join("tsconfig.json").display().to_string(),
        root = web.join("src").display().to_string(),
        lib = lib.display().to_string(),
        include = web.join("src/**/*.ts").display().to_string(),
    );
    let path = out.join("tsconfig.json");
    std::fs::write(&path, config).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(path)
}

/// Each folder `locales/LANG` becomes `site/i18n-LANG.ftl`: its `.ftl` files in the order of
/// their names, the glossary (`0-glossary.ftl`) first, so every message may use its terms.
fn catalogs(locales: &Path, site: &Path) -> Result<(), String> {
    let entries = std::fs::read_dir(locales).map_err(|e| format!("{}: {e}", locales.display()))?;
    for entry in entries {
        let dir = entry
            .map_err(|e| format!("{}: {e}", locales.display()))?
            .path();
        if !dir.is_dir() {
            continue;
        }
        let lang = dir
            .file_name()
            .expect("a folder")
            .to_string_lossy()
            .to_string();
        let mut files: Vec<PathBuf> = read_dir(&dir)?
            .into_iter()
            .filter(|f| f.extension().is_some_and(|e| e == "ftl"))
            .collect();
        files.sort();
        let mut catalog = String::new();
        for file in files {
            let text =
                std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            catalog.push_str(&text);
            if !catalog.ends_with('\n') {
                catalog.push('\n');
            }
            catalog.push('\n');
        }
        let path = site.join(format!("i18n-{lang}.ftl"));
        std::fs::write(&path, catalog).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

fn copy(from: &Path, to: &Path) -> Result<(), String> {
    std::fs::copy(from, to)
        .map(|_| ())
        .map_err(|e| format!("{}: {e}", from.display()))
}

/// `npm ci` in `dir` from web/'s package files, unless the same lock file is installed there.
fn install(web: &Path, dir: &Path) -> Result<(), String> {
    let lock = std::fs::read(web.join("package-lock.json"))
        .map_err(|e| format!("web/package-lock.json: {e}"))?;
    // Written only after a successful install, so a failed one is tried again.
    let marker = dir.join("installed.lock");
    if std::fs::read(&marker).ok().as_ref() == Some(&lock) {
        return Ok(());
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    std::fs::copy(web.join("package.json"), dir.join("package.json"))
        .map_err(|e| format!("web/package.json: {e}"))?;
    let copy = dir.join("package-lock.json");
    std::fs::write(&copy, &lock).map_err(|e| format!("{}: {e}", copy.display()))?;
    run(
        Command::new("npm")
            .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
            .current_dir(dir),
        "npm ci",
    )?;
    std::fs::write(&marker, &lock).map_err(|e| format!("{}: {e}", marker.display()))
}

fn run(command: &mut Command, what: &str) -> Result<(), String> {
    let output = command.output().map_err(|e| {
        format!("could not start {what}: {e} (the page needs Node.js and npm on the PATH)")
    })?;
    if output.status.success() {
        return Ok(());
    }
    Err(format!(
        "{what} failed ({}):\n{}{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    ))
}

fn read_dir(dir: &Path) -> Result<Vec<PathBuf>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.is_file() {
            files.push(path);
        }
    }
    Ok(files)
}
