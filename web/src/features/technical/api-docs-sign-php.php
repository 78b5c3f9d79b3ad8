<?php
// PHP 7.4 or later with the curl extension: create a pay-in, then read it back.
$baseUrl = getenv('API_BASE_URL') ?: 'http://localhost:3000';
$keyId = getenv('API_KEY_ID') ?: 'YOUR_KEY_ID';
$secret = getenv('API_SECRET') ?: 'YOUR_SECRET';

/** Sends a signed request; $path is the full path, /api/v1 included, as it is signed. */
function signedRequest(string $method, string $path, ?array $body = null): array
{
    global $baseUrl, $keyId, $secret;
    $raw = $body === null ? '' : json_encode($body);
    $timestamp = (string) time();
    $idempotencyKey = $method === 'POST' ? bin2hex(random_bytes(16)) : '';
    // The v2 signed string: six lines (v2, timestamp, METHOD, path, Idempotency-Key, body).
    $signed = implode("\n", ['v2', $timestamp, $method, $path, $idempotencyKey, $raw]);
    $signature = hash_hmac('sha256', $signed, $secret);
    $headers = ["X-Api-Key: $keyId", "X-Timestamp: $timestamp", "X-Signature: $signature"];
    if ($method === 'POST') {
        $headers[] = 'Content-Type: application/json';
        $headers[] = "Idempotency-Key: $idempotencyKey";
    }
    $curl = curl_init($baseUrl . $path);
    curl_setopt_array($curl, [
        CURLOPT_CUSTOMREQUEST => $method,
        CURLOPT_HTTPHEADER => $headers,
        CURLOPT_RETURNTRANSFER => true,
    ]);
    if ($raw !== '') {
        curl_setopt($curl, CURLOPT_POSTFIELDS, $raw);
    }
    $answer = curl_exec($curl);
    $status = curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
    curl_close($curl);
    return ['status' => $status, 'body' => json_decode($answer, true)];
}

$created = signedRequest('POST', '/api/v1/payins', [
    'amount' => '1000.00',
    'currency' => 'THB',
    'order_id' => 'order-' . (int) (microtime(true) * 1000),
]);
echo json_encode($created), "\n";
$read = signedRequest('GET', '/api/v1/payins/' . $created['body']['id']);
echo json_encode($read), "\n";
