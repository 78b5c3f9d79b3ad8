# Python 3, standard library only: create a pay-in, then read it back.
import hashlib
import hmac
import json
import os
import time
import urllib.error
import urllib.request
import uuid

BASE_URL = os.environ.get("API_BASE_URL", "http://localhost:3000")
KEY_ID = os.environ.get("API_KEY_ID", "YOUR_KEY_ID")
SECRET = os.environ.get("API_SECRET", "YOUR_SECRET")


def signed_request(method, path, body=None):
    """Sends a signed request; `path` is the full path, /api/v1 included, as it is signed."""
    raw = "" if body is None else json.dumps(body, separators=(",", ":"))
    timestamp = str(int(time.time()))
    idempotency_key = str(uuid.uuid4()) if method == "POST" else ""
    # The v2 signed string: six lines (v2, timestamp, METHOD, path, Idempotency-Key, body).
    message = "\n".join(["v2", timestamp, method, path, idempotency_key, raw]).encode("utf-8")
    signature = hmac.new(SECRET.encode("utf-8"), message, hashlib.sha256).hexdigest()
    headers = {"X-Api-Key": KEY_ID, "X-Timestamp": timestamp, "X-Signature": signature}
    if method == "POST":
        headers["Content-Type"] = "application/json"
        headers["Idempotency-Key"] = idempotency_key
    request = urllib.request.Request(
        BASE_URL + path, data=raw.encode("utf-8") if raw else None, method=method, headers=headers
    )
    try:
        with urllib.request.urlopen(request) as response:
            return {"status": response.status, "body": json.loads(response.read())}
    except urllib.error.HTTPError as error:
        return {"status": error.code, "body": json.loads(error.read())}


created = signed_request(
    "POST",
    "/api/v1/payins",
    {"amount": "1000.00", "currency": "THB", "order_id": f"order-{int(time.time() * 1000)}"},
)
print(json.dumps(created))
read = signed_request("GET", f"/api/v1/payins/{created['body']['id']}")
print(json.dumps(read))
